import { IDLE_LOGOUT_MESSAGE } from '#form/contract';
import type { EndedMessages } from '../session-activity';

/** What a refused staff session answers (the console shows it on its sign-in screen). */
export const STAFF_SIGNED_OUT_MESSAGE = 'Your staff session has ended. Please sign in again.';

/** The staff pool's refusals: the spec's inactivity text for an idle session, its own for one that outlived its lifetime. */
export const STAFF_ENDED: EndedMessages = { idle: IDLE_LOGOUT_MESSAGE, expired: STAFF_SIGNED_OUT_MESSAGE };

/** Texts of the platform's error catalogue and session messages, in one place. */
import { SESSION_INVALID_MESSAGE } from '#form/contract';

/** The messages the server also sends live in the shared contract (form/contract.ts). */
export { GENERIC_ERROR_MESSAGE, SESSION_INVALID_MESSAGE, IDLE_LOGOUT_MESSAGE } from '#form/contract';
export const LOGOUT_MESSAGE = SESSION_INVALID_MESSAGE;

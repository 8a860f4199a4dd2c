/**
 * The server's error and session messages the web says by itself (no reply to carry them), in the
 * page's language: the same catalog ids as the server's (form/i18n/parts.ts compiles them into the
 * app part too). Read when shown, so a change of language is followed.
 */
import { i18n } from '@lingui/core';

export const genericErrorMessage = (): string => i18n._('server.generic');
export const sessionInvalidMessage = (): string => i18n._('server.sessionInvalid');
export const idleLogoutMessage = (): string => i18n._('server.idleLogout');

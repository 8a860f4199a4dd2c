/**
 * Cognito CustomMessage trigger. The forgot-password e-mail carries a link to the SPA's /reset
 * page with the query parameters it pre-fills (`username` and `id`), so the
 * applicant does not retype the code. Every other message keeps the pool's own template.
 */
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { withLogContext } from '#adapters/log';

export interface CustomMessage {
  emailSubject: string;
  emailMessage: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/**
 * The message for a trigger, or null to keep Cognito's default. `codeParameter` is Cognito's
 * marker (`{####}`) that it replaces with the code after we return, so it goes into the
 * link unencoded (it has no characters that need escaping); the e-mail address is encoded.
 */
export function customMessage(event: Pick<CustomMessageTriggerEvent, 'triggerSource' | 'request'>, publicOrigin: string): CustomMessage | null {
  if (event.triggerSource !== 'CustomMessage_ForgotPassword') return null;
  const email = event.request.userAttributes.email;
  if (!email) return null;
  const code = event.request.codeParameter;
  const link = `${publicOrigin.replace(/\/+$/, '')}/reset?username=${encodeURIComponent(email)}&id=${code}`;
  return {
    emailSubject: 'Reset your password',
    emailMessage: [
      '<p>We received a request to reset the password of your application account.</p>',
      `<p><a href="${escapeHtml(link)}">Choose a new password</a></p>`,
      `<p>Or enter this code on the Reset Password page: <strong>${code}</strong></p>`,
      '<p>If you did not ask for this, you can ignore this e-mail; your password has not changed.</p>',
    ].join('\n'),
  };
}

function readOrigin(): string {
  const origin = process.env.PUBLIC_ORIGIN;
  if (!origin) throw new Error('PUBLIC_ORIGIN is not set');
  return origin;
}

// A Lambda handler answers with a promise, and a missing origin must reject it rather than throw.
// eslint-disable-next-line @typescript-eslint/require-await
const handle = async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
  const message = customMessage(event, readOrigin());
  if (message) Object.assign(event.response, message);
  return event;
};

export const handler = withLogContext('customMessage', handle);

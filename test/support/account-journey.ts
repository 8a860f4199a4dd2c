/**
 * The account journey a new applicant takes, black-box, as one function both stacks run
 * (test/integration/accounts.test.ts on `npm start`, bundled.test.ts on `npm run start:bundled`):
 * sign-up, the mailed code, log-in, a forgotten password, the reset through the mailed link's
 * `id`, and log-in with the new password. Each mail is read from the dev outbox as soon as the
 * request that sends it has answered, as a person would open it.
 */
import { expect } from 'vitest';
import { ApiClient, outbox, PASSWORD, uniqueEmail, type Mail } from './client';

export const NEW_PASSWORD = 'Another-Horse-43!';

/**
 * A public form's POST as the browser's fetch sends it (these routes need no cookie), and the
 * newest mail to `to` read once as soon as it has answered. A mail belongs to the answer it was
 * sent for: written no later than the answer's first byte arrived (`answeredAt`, taken before the
 * body is read), so a stack that writes it afterwards fails here rather than now and then.
 */
async function postThenMail(baseUrl: string, path: string, body: unknown, to: string): Promise<{ status: number; mail: Mail | undefined }> {
  const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answeredAt = Date.now();
  await res.arrayBuffer();
  const mail = (await outbox(baseUrl)).filter((m) => m.to === to).at(-1);
  if (mail) expect(Date.parse(mail.sentAt), `${path}: its mail was written after the request had answered`).toBeLessThanOrEqual(answeredAt);
  return { status: res.status, mail };
}

export async function passwordResetJourney(baseUrl: string, username = uniqueEmail('journey')): Promise<void> {
  const signedUp = await postThenMail(baseUrl, '/public/signup', { username, password: PASSWORD }, username);
  expect(signedUp.status).toBe(200);
  const code = signedUp.mail?.code;
  expect(signedUp.mail?.text).toContain(code);
  const a = new ApiClient(baseUrl);
  const confirmed = await a.post('/public/confirm', { username, code });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  expect((await a.post('/public/login', { username, password: PASSWORD })).status).toBe(200);

  const forgot = await postThenMail(baseUrl, '/public/forgot-password', { username }, username);
  expect(forgot.status).toBe(200);
  expect(forgot.mail?.subject).toBe('Reset your password');
  const link = new URL(forgot.mail!.link!);
  expect([link.origin, link.pathname, link.searchParams.get('username')]).toEqual([new URL(baseUrl).origin, '/reset', username]);
  const reset = await new ApiClient(baseUrl).post('/public/reset-password', {
    username,
    id: link.searchParams.get('id'),
    password: NEW_PASSWORD,
    confirm_password: NEW_PASSWORD,
  });
  expect(reset.status, JSON.stringify(reset.body)).toBe(200);
  expect((await new ApiClient(baseUrl).post('/public/login', { username, password: PASSWORD })).status).toBe(400);
  expect((await new ApiClient(baseUrl).post('/public/login', { username, password: NEW_PASSWORD })).status).toBe(200);
}

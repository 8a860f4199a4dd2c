/**
 * Staff members for tests: created through the stack's dev endpoint (as `npm run staff -- add`
 * does), signed in through the real challenge flow with codes computed from the TOTP secret
 * the stack handed out, as an authenticator app would.
 */
import { Secret, TOTP } from 'otpauth';
import type { StaffRole } from '#form/wire/roles';
import { ApiClient, latestMail, uniqueEmail } from './client';

export const STAFF_PASSWORD = 'Staff-Correct-Horse-42!';

/** A code of the time step `stepsAhead` steps from now (a code is accepted once, ±1 step). */
export function totpCode(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

/**
 * An admin unless `role` says otherwise; `null` makes a user in no group, as one made in the
 * Cognito console (or left by a failed add) would be: it signs in, and every staff route refuses it.
 */
export async function addStaffUser(
  baseUrl: string,
  email = uniqueEmail('staff'),
  role: StaffRole | null = 'admin',
): Promise<{ email: string; temporaryPassword: string }> {
  const res = await fetch(`${baseUrl}/_dev/staff-users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, ...(role ? { role } : {}) }),
  });
  if (res.status !== 200) throw new Error(`staff user ${res.status} ${await res.text()}`);
  const mail = await latestMail(baseUrl, email);
  return { email, temporaryPassword: mail.code! };
}

export type StaffClient = ApiClient & { email: string; secret: string };

/** A staff member through invitation, new password and MFA set-up: signed in, with the TOTP secret. */
export async function signedInStaff(baseUrl: string, email?: string, role: StaffRole | null = 'admin', existing?: { created: true }): Promise<StaffClient> {
  // A user the staff command created already has the invitation in the outbox.
  const user = existing && email ? { email, temporaryPassword: (await latestMail(baseUrl, email)).code! } : await addStaffUser(baseUrl, email, role);
  const client = new ApiClient(baseUrl);
  const first = await client.post<{ challenge: string; session: string }>('/staff/api/login', { email: user.email, password: user.temporaryPassword });
  if (first.body.challenge !== 'NEW_PASSWORD_REQUIRED') throw new Error(`login ${first.status} ${JSON.stringify(first.body)}`);
  const setup = await client.post<{ challenge: string; session: string; secret: string }>('/staff/api/login', {
    email: user.email,
    challenge: 'NEW_PASSWORD_REQUIRED',
    session: first.body.session,
    new_password: STAFF_PASSWORD,
  });
  if (setup.body.challenge !== 'MFA_SETUP') throw new Error(`new password ${setup.status} ${JSON.stringify(setup.body)}`);
  const done = await client.post('/staff/api/login', {
    email: user.email,
    challenge: 'MFA_SETUP',
    session: setup.body.session,
    code: totpCode(setup.body.secret),
  });
  if (done.status !== 200) throw new Error(`MFA setup ${done.status} ${JSON.stringify(done.body)}`);
  return Object.assign(client, { email: user.email, secret: setup.body.secret });
}

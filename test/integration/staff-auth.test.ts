import { describe, expect, inject, it } from 'vitest';
import { loadOrCreateSigningKey, signJwt } from '#local/identity/keys';
import { ApiClient, latestMail, registeredApplicant, uniqueEmail } from '../support/client';
import { addStaffUser, signedInStaff, STAFF_PASSWORD, totpCode } from '../support/staff';

const baseUrl = inject('baseUrl');

describe('staff sign-in (Cognito challenge flow)', () => {
  it('goes invitation → NEW_PASSWORD_REQUIRED → MFA_SETUP → session, then SOFTWARE_TOKEN_MFA on later sign-ins', async () => {
    const email = uniqueEmail('staff');
    const { temporaryPassword } = await addStaffUser(baseUrl, email);
    const mail = await latestMail(baseUrl, email);
    expect(mail.text).toContain(temporaryPassword);
    // The password stands apart from punctuation: alone on its line, alone in a code block.
    expect(mail.text.split('\n').map((line) => line.trim())).toContain(temporaryPassword);
    expect(mail.html).toContain(`<code>${temporaryPassword}</code>`);
    expect(mail.link).toBe(`${baseUrl}/staff`);

    const staff = new ApiClient(baseUrl);
    const first = await staff.post<Record<string, string>>('/staff/api/login', { email, password: temporaryPassword });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ challenge: 'NEW_PASSWORD_REQUIRED', session: expect.any(String) });

    const weak = await staff.post('/staff/api/login', { email, challenge: 'NEW_PASSWORD_REQUIRED', session: first.body.session, new_password: 'Short-1a!' });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toMatch(/at least 14 characters/);

    const setup = await staff.post<Record<string, string>>('/staff/api/login', {
      email,
      challenge: 'NEW_PASSWORD_REQUIRED',
      session: first.body.session,
      new_password: STAFF_PASSWORD,
    });
    expect(setup.status).toBe(200);
    expect(setup.body).toEqual({
      challenge: 'MFA_SETUP',
      session: expect.any(String),
      secret: expect.stringMatching(/^[A-Z2-7]{32}$/),
      otpauth_uri: expect.stringMatching(/^otpauth:\/\/totp\//),
    });
    expect(new URL(setup.body.otpauth_uri!).searchParams.get('secret')).toBe(setup.body.secret);
    expect(staff.jar.size).toBe(0);

    const wrong = await staff.post('/staff/api/login', { email, challenge: 'MFA_SETUP', session: setup.body.session, code: totpCode(setup.body.secret!, 5) });
    expect(wrong.status).toBe(401);
    expect(staff.jar.size).toBe(0);
    // The very code used here is replayed below (computing it again could cross into the next step).
    const firstCode = totpCode(setup.body.secret!);
    const done = await staff.post('/staff/api/login', { email, challenge: 'MFA_SETUP', session: setup.body.session, code: firstCode });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ email });
    expect([...staff.jar.keys()].sort()).toEqual(['StaffSession.accessToken', 'StaffSession.loggedIn', 'StaffSession.refreshToken']);
    const cookies = done.headers.getSetCookie();
    expect(cookies.every((c) => c.includes('Path=/staff') && c.includes('SameSite=Strict'))).toBe(true);
    expect(cookies.filter((c) => c.includes('HttpOnly'))).toHaveLength(2);
    // A user without a role group (as every user created before roles) keeps full access: admin.
    expect((await staff.get('/staff/api/session')).body).toEqual({ email, role: 'admin' });

    // Later: password, then the current code (a code already used is refused).
    const later = new ApiClient(baseUrl);
    const again = await later.post<Record<string, string>>('/staff/api/login', { email, password: STAFF_PASSWORD });
    expect(again.body).toEqual({ challenge: 'SOFTWARE_TOKEN_MFA', session: expect.any(String) });
    const reused = await later.post('/staff/api/login', { email, challenge: 'SOFTWARE_TOKEN_MFA', session: again.body.session, code: firstCode });
    expect(reused.status).toBe(401);
    expect(reused.body.message).toMatch(/code is not right/);
    const ok = await later.post('/staff/api/login', {
      email,
      challenge: 'SOFTWARE_TOKEN_MFA',
      session: again.body.session,
      code: totpCode(setup.body.secret!, 1),
    });
    expect(ok.status).toBe(200);
    expect((await later.get('/staff/api/session')).status).toBe(200);
  });

  it('refuses a wrong password, a stale session and a malformed step with a message, setting no cookie', async () => {
    const { email, temporaryPassword } = await addStaffUser(baseUrl);
    const c = new ApiClient(baseUrl);
    const bad = await c.post('/staff/api/login', { email, password: `${temporaryPassword}x` });
    expect(bad).toMatchObject({ status: 401, body: { message: 'Incorrect e-mail or password.' } });
    const unknown = await c.post('/staff/api/login', { email: uniqueEmail('nobody'), password: STAFF_PASSWORD });
    expect(unknown).toMatchObject({ status: 401, body: { message: 'Incorrect e-mail or password.' } });
    const stale = await c.post('/staff/api/login', { email, challenge: 'SOFTWARE_TOKEN_MFA', session: 'x'.repeat(43), code: '123456' });
    expect(stale).toMatchObject({ status: 401, body: { message: 'Your sign-in took too long. Start again.' } });
    for (const body of [
      {},
      { email },
      { email, challenge: 'SMS_MFA', session: 's', code: '123456' },
      { email, challenge: 'MFA_SETUP', session: 's', code: 'abc' },
      { email, password: 1 },
    ]) {
      const res = await c.post('/staff/api/login', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect(c.jar.size).toBe(0);
  });

  it('an applicant account cannot sign in as staff, nor staff as an applicant', async () => {
    const applicant = await registeredApplicant(baseUrl);
    const asStaff = await new ApiClient(baseUrl).post('/staff/api/login', { email: applicant.username, password: 'Correct-Horse-42!' });
    expect(asStaff.status).toBe(401);
    const staff = await signedInStaff(baseUrl);
    const asApplicant = await new ApiClient(baseUrl).post('/public/login', { username: staff.email, password: STAFF_PASSWORD });
    // The applicant login's own answer to a wrong password.
    expect(asApplicant).toMatchObject({ status: 400, body: { message: 'Incorrect e-mail or password.' } });
  });

  it('logout ends the staff session for good', async () => {
    const staff = await signedInStaff(baseUrl);
    const kept = new ApiClient(baseUrl);
    for (const [k, v] of staff.jar) kept.jar.set(k, v);
    const out = await staff.get('/staff/api/logout');
    expect(out.status).toBe(200);
    expect(staff.jar.size).toBe(0);
    // The copied cookies (access and refresh token) no longer open anything.
    expect((await kept.get('/staff/api/session')).status).toBe(401);
    expect((await new ApiClient(baseUrl).get('/staff/api/logout')).status).toBe(200);
  });

  it('renews an expired staff access token with the refresh token, and not after logout', async () => {
    const staff = await signedInStaff(baseUrl);
    const key = loadOrCreateSigningKey(inject('dataDir'));
    const now = Math.floor(Date.now() / 1000);
    const expired = signJwt(key, {
      sub: 'x',
      iss: `${baseUrl}/_local-idp`,
      client_id: 'localstaffclient',
      token_use: 'access',
      username: staff.email,
      iat: now - 3600,
      exp: now - 60,
    });
    staff.jar.set('StaffSession.accessToken', expired);
    // An expired token is refused; the console renews it at /staff/api/refresh and retries.
    expect((await staff.get('/staff/api/session')).status).toBe(401);
    expect(await staff.post('/staff/api/refresh')).toMatchObject({ status: 200, body: {} });
    expect(staff.jar.get('StaffSession.accessToken')).not.toBe(expired);
    expect(await staff.get('/staff/api/session')).toMatchObject({ status: 200, body: { email: staff.email } });
    const refresh = staff.jar.get('StaffSession.refreshToken')!;
    await staff.get('/staff/api/logout');
    const replay = new ApiClient(baseUrl);
    replay.jar.set('StaffSession.accessToken', expired);
    replay.jar.set('StaffSession.refreshToken', refresh);
    expect((await replay.post('/staff/api/refresh')).status).toBe(401);
    expect((await replay.get('/staff/api/session')).status).toBe(401);
  });
});

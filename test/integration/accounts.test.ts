import { describe, expect, inject, it } from 'vitest';
import { passwordResetJourney } from '../support/account-journey';
import { ApiClient, PASSWORD, latestMail, registeredApplicant, uniqueEmail } from '../support/client';

const baseUrl = inject('baseUrl');
const COOKIE_PREFIX = 'CognitoIdentityServiceProvider.';

describe('the account journey', () => {
  it('signs up, confirms with the e-mailed code, logs in, saves, logs out and is then refused', async () => {
    const username = uniqueEmail('journey');
    const client = new ApiClient(baseUrl);

    const signup = await client.post('/public/signup', { username, password: PASSWORD });
    expect(signup.status).toBe(200);
    expect(signup.body.message).toMatch(/confirmation code/);

    const mail = await latestMail(baseUrl, username);
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(mail.code);

    expect((await client.post('/public/login', { username, password: PASSWORD })).body.message).toMatch(/not been confirmed/);
    expect((await client.post('/public/confirm', { username, code: mail.code })).status).toBe(200);

    const login = await client.post('/public/login', { username, password: PASSWORD });
    expect(login.status).toBe(200);
    const setCookies = login.headers.getSetCookie();
    expect(setCookies.every((c) => c.startsWith(COOKIE_PREFIX))).toBe(true);
    const tokenCookies = setCookies.filter((c) => /Token=/.test(c));
    expect(tokenCookies.length).toBe(2);
    for (const c of tokenCookies) expect(c).toMatch(/HttpOnly/);
    for (const c of setCookies) expect(c).toMatch(/SameSite=Strict/);
    const marker = setCookies.find((c) => !/Token=/.test(c));
    expect(marker).toBeDefined();
    expect(marker).not.toMatch(/HttpOnly/);

    const profile = await client.get('/api/profile');
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ answer: {}, document_answer: {}, username, web_status: [] });
    expect((profile.body.successful_login as string[]).length).toBe(1);

    expect((await client.put('/api/answer', { first_name: 'Ada' })).status).toBe(200);
    expect((await client.get('/api/profile')).body.answer).toEqual({ first_name: 'Ada' });

    const stolen = client.cookieHeader;
    const logout = await client.get('/api/logout');
    expect(logout.status).toBe(200);
    expect(client.jar.size).toBe(0);
    const after = await client.get('/api/profile');
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Your session is invalid. Please clear your cookies and login again.');

    // The old cookies no longer work either: the session was revoked, not only forgotten.
    const replay = await fetch(`${baseUrl}/api/profile`, { headers: { cookie: stolen } });
    expect(replay.status).toBe(401);

    // And logging in again starts a new session.
    expect((await client.post('/public/login', { username, password: PASSWORD })).status).toBe(200);
    const again = await client.get('/api/profile');
    expect(again.status).toBe(200);
    expect((again.body.successful_login as string[]).length).toBe(2);
  });

  it('answers an unknown user and a wrong password identically', async () => {
    const known = await registeredApplicant(baseUrl);
    const wrongPassword = await new ApiClient(baseUrl).post('/public/login', { username: known.username, password: 'Wrong-password-1!' });
    const unknownUser = await new ApiClient(baseUrl).post('/public/login', { username: uniqueEmail('nobody'), password: 'Wrong-password-1!' });
    expect(wrongPassword.status).toBe(400);
    expect(unknownUser.status).toBe(wrongPassword.status);
    expect(unknownUser.body).toEqual(wrongPassword.body);
    expect(wrongPassword.body).toEqual({ message: 'Incorrect e-mail or password.' });
  });

  it('does not reveal that an address already has an account when signing up again', async () => {
    const known = await registeredApplicant(baseUrl);
    const again = await new ApiClient(baseUrl).post('/public/signup', { username: known.username, password: PASSWORD });
    const fresh = await new ApiClient(baseUrl).post('/public/signup', { username: uniqueEmail('fresh'), password: PASSWORD });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(fresh.body);
  });

  it('resends a confirmation code, and the new code works', async () => {
    const username = uniqueEmail('resend');
    const client = new ApiClient(baseUrl);
    await client.post('/public/signup', { username, password: PASSWORD });
    const first = await latestMail(baseUrl, username);
    expect((await client.post('/public/resend-confirm', { username })).status).toBe(200);
    let second = await latestMail(baseUrl, username);
    for (let i = 0; i < 20 && second.sentAt === first.sentAt; i++) second = await latestMail(baseUrl, username);
    expect((await client.post('/public/confirm', { username, code: second.code })).status).toBe(200);
  });

  it('refuses a wrong confirmation code with a message and stays unconfirmed', async () => {
    const username = uniqueEmail('wrongcode');
    const client = new ApiClient(baseUrl);
    await client.post('/public/signup', { username, password: PASSWORD });
    const { code } = await latestMail(baseUrl, username);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await client.post('/public/confirm', { username, code: wrong });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('That code is not correct. Please check the code and try again, or sign in if your account is already confirmed.');
    expect((await client.post('/public/login', { username, password: PASSWORD })).body.message).toMatch(/not been confirmed/);
  });

  it('answers a wrong code for a confirmed account exactly as for an address with no account', async () => {
    const confirmed = await registeredApplicant(baseUrl);
    const anon = new ApiClient(baseUrl);
    const known = await anon.post('/public/confirm', { username: confirmed.username, code: '123456' });
    const unknown = await anon.post('/public/confirm', { username: uniqueEmail('nobody'), code: '123456' });
    expect(known.status).toBe(400);
    expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
  });

  it('resets a forgotten password through the e-mailed link, and the old password stops working', async () => {
    const applicant = await registeredApplicant(baseUrl);
    const anon = new ApiClient(baseUrl);
    const forgot = await anon.post('/public/forgot-password', { username: applicant.username });
    expect(forgot.status).toBe(200);
    const unknown = await anon.post('/public/forgot-password', { username: uniqueEmail('ghost') });
    expect(unknown.body).toEqual(forgot.body);

    const mail = await latestMail(baseUrl, applicant.username);
    const link = new URL(mail.link!);
    expect(link.pathname).toBe('/reset');
    expect(link.searchParams.get('username')).toBe(applicant.username);
    const id = link.searchParams.get('id')!;
    const newPassword = 'Another-Secret-77?';

    const mismatch = await anon.post('/public/reset-password', { username: applicant.username, password: newPassword, confirm_password: 'x', id });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toMatchObject({ confirm_password: ['passwords must match'] });

    const reset = await anon.post('/public/reset-password', { username: applicant.username, password: newPassword, confirm_password: newPassword, id });
    expect(reset.status).toBe(200);
    expect((await anon.post('/public/login', { username: applicant.username, password: PASSWORD })).status).toBe(400);
    expect((await anon.post('/public/login', { username: applicant.username, password: newPassword })).status).toBe(200);
  });
});

describe('the password-reset journey the bundled stack runs too (bundled.test.ts)', () => {
  it('signs up, confirms, logs in, resets through the mailed link and logs in with the new password', () => passwordResetJourney(baseUrl));
});

describe('account rules on the server', () => {
  // One weak password end to end (the 400 with the rule's message under errors.password); every
  // rule's message for the same route's parser: form/wire/accounts.test.ts.
  it('refuses a weak password with the rule it breaks', async () => {
    const res = await new ApiClient(baseUrl).post('/public/signup', { username: uniqueEmail('weak'), password: 'Short-1a!' });
    expect(res.status).toBe(400);
    expect((res.body.errors as Record<string, string[]>).password).toContain('Password must be at least 12 characters.');
  });

  it('refuses an invalid e-mail with the spec message', async () => {
    const res = await new ApiClient(baseUrl).post('/public/signup', { username: 'not-an-email', password: PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Your email address must be valid.');
  });

  it('uses the login wording for an invalid e-mail and a missing password on login', async () => {
    const res = await new ApiClient(baseUrl).post('/public/login', { username: 'nope', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ username: ['Please provide a valid email address.'], password: ['Password is required.'] });
  });

  it('requires a six-digit confirmation code', async () => {
    const res = await new ApiClient(baseUrl).post('/public/confirm', { username: uniqueEmail(), code: '12ab' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The confirmation code must be exactly 6 numbers.');
  });

  it('requires a valid e-mail to resend a code', async () => {
    const res = await new ApiClient(baseUrl).post('/public/resend-confirm', { username: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('You must provide a valid email address to resend a confirmation code.');
  });
});

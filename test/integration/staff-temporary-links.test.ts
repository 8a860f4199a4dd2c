/**
 * Temporary links an office manages, on the real local stack: issued with a recipient (the link
 * arrives in the dev outbox), listed with who issued it, for whom, its expiry and whether it was
 * opened, revoked (the link answers as an unknown one at once); bad input answered 4xx in words.
 * And the access record in words, with staff sign-ins, wrong codes and sign-outs in it.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { institution } from '#form/institution';
import type { AuditPage, IssuedTemporaryLink, TemporaryLinkPage } from '#form/wire/responses';
import { ApiClient, latestMail, uniqueEmail } from '../support/client';
import { signedInStaff, STAFF_PASSWORD, totpCode, type StaffClient } from '../support/staff';

const baseUrl = inject('baseUrl');
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const open = (url: string) => new ApiClient(baseUrl).get(`/public/tmp?token=${tokenOf(url)}`);

describe('temporary links an office manages', () => {
  let staff: StaffClient;
  const recipient = { name: `Ada ${randomUUID().slice(0, 6)}`, email: uniqueEmail('prospect') };
  let issued: IssuedTemporaryLink;

  beforeAll(async () => {
    staff = await signedInStaff(baseUrl);
    const res = await staff.post<IssuedTemporaryLink>('/staff/api/temporary-links', {
      answer: { first_name: 'Ada', applied_major: 'BIO', applied_major_desc: 'Biology' },
      expires_in_days: 14,
      recipient,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    issued = res.body;
  }, 60_000);

  it('sends the link to the recipient through the outbox, the link on a line of its own', async () => {
    expect(issued.sent_to).toBe(recipient.email);
    const mail = await latestMail(baseUrl, recipient.email);
    expect(mail.subject).toBe(`${institution.name} has started your application`);
    expect(mail.text.split('\n')).toContain(issued.url);
    expect(mail.text).toContain(`Dear ${recipient.name},`);
    expect(mail.text).toContain(`${institution.name} has started your application. Check the answers and create an account to continue.`);
    expect(mail.link).toBe(issued.url);
  });

  it('lists the link: by whom, for whom, until when, not yet opened; then opened', async () => {
    const find = async () => (await staff.get<TemporaryLinkPage>('/staff/api/temporary-links')).body.items.find((l) => l.id === issued.id);
    expect(await find()).toEqual({
      id: issued.id,
      issued_at: expect.any(String),
      issued_by: staff.email,
      expires_at: issued.expires_at,
      keys: ['first_name', 'applied_major', 'applied_major_desc'],
      recipient_name: recipient.name,
      recipient_email: recipient.email,
    });
    expect((await open(issued.url)).status).toBe(200);
    expect((await find())?.opened_at).toEqual(expect.any(String));
  });

  it('lists newest first, a page at a time', async () => {
    const later = await staff.post<IssuedTemporaryLink>('/staff/api/temporary-links', { answer: { first_name: 'Later' }, expires_in_days: 1 });
    const page = await staff.get<TemporaryLinkPage>('/staff/api/temporary-links');
    const ids = page.body.items.map((l) => l.id);
    expect(ids.indexOf(later.body.id)).toBeLessThan(ids.indexOf(issued.id));
    expect(ids).toEqual([...ids].sort().reverse());
    // The list never shows a link's address: only its hash is kept.
    expect(JSON.stringify(page.body)).not.toContain(tokenOf(issued.url));
  });

  it('revokes a link: at once it answers as an unknown link; a second revocation is a 404', async () => {
    const link = await staff.post<IssuedTemporaryLink>('/staff/api/temporary-links', { answer: { first_name: 'Gone' }, expires_in_days: 3 });
    expect((await open(link.body.url)).status).toBe(200);
    const revoked = await staff.delete<{ message: string }>(`/staff/api/temporary-links/${link.body.id}`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toMatch(/revoked/);
    const dead = await open(link.body.url);
    const unknown = await new ApiClient(baseUrl).get(`/public/tmp?token=${'x'.repeat(43)}`);
    expect(dead.status).toBe(404);
    expect(dead.body).toEqual(unknown.body);
    const listed = (await staff.get<TemporaryLinkPage>('/staff/api/temporary-links')).body.items.find((l) => l.id === link.body.id);
    expect(listed).toMatchObject({ revoked_at: expect.any(String), revoked_by: staff.email });

    const again = await staff.delete<{ message: string }>(`/staff/api/temporary-links/${link.body.id}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toMatch(/no temporary link with this id/);
    const never = await staff.delete<{ message: string }>(`/staff/api/temporary-links/${'0'.repeat(9)}${'a'.repeat(12)}`);
    expect(never.status).toBe(404);
  });

  it('refuses bad input with a 4xx JSON message in words', async () => {
    const cases: Array<[string, () => Promise<{ status: number; body: unknown }>, number, RegExp]> = [
      [
        'a recipient e-mail that is not one',
        () => staff.post('/staff/api/temporary-links', { answer: { first_name: 'A' }, expires_in_days: 7, recipient: { email: 'not-an-address' } }),
        400,
        /e-mail address/,
      ],
      [
        'a recipient that is not an object',
        () => staff.post('/staff/api/temporary-links', { answer: { first_name: 'A' }, expires_in_days: 7, recipient: 'ada@example.com' }),
        400,
        /recipient must be a JSON object/,
      ],
      [
        'an unknown recipient field',
        () => staff.post('/staff/api/temporary-links', { answer: { first_name: 'A' }, expires_in_days: 7, recipient: { phone: '1' } }),
        400,
        /phone/,
      ],
      [
        'an over-long name',
        () => staff.post('/staff/api/temporary-links', { answer: { first_name: 'A' }, expires_in_days: 7, recipient: { name: 'x'.repeat(201) } }),
        400,
        /too long/,
      ],
      ['a malformed cursor', () => staff.get('/staff/api/temporary-links?cursor=nope'), 400, /cursor is not valid/],
      ['an unknown parameter', () => staff.get('/staff/api/temporary-links?status=open'), 400, /Unknown parameter: status/],
      ['a malformed id', () => staff.delete('/staff/api/temporary-links/NOT-AN-ID'), 400, /not a temporary link id/],
      ['no staff session', () => new ApiClient(baseUrl).get('/staff/api/temporary-links'), 401, /./],
      ['no staff session, revoking', () => new ApiClient(baseUrl).delete(`/staff/api/temporary-links/${issued.id}`), 401, /./],
    ];
    for (const [what, send, status, message] of cases) {
      const res = await send();
      expect(res.status, what).toBe(status);
      expect((res.body as { message?: string }).message, what).toMatch(message);
    }
    const field = await staff.post<{ errors: Record<string, string[]> }>('/staff/api/temporary-links', {
      answer: { first_name: 'A' },
      expires_in_days: 7,
      recipient: { email: 'x@' },
    });
    expect(Object.keys(field.body.errors)).toEqual(['recipient_email']);
    // The refused revocations left the link working.
    expect((await open(issued.url)).status).toBe(200);
  });

  it('the access record says what happened, in words, naming no internal id', async () => {
    const office = await staff.get<AuditPage>('/staff/api/audit');
    const mine = office.body.items.filter((i) => i.staff === staff.email);
    const summaries = mine.map((i) => i.summary);
    expect(summaries).toContain(`Issued a temporary link (14 days) with: first name, intended major for ${recipient.name} (${recipient.email})`);
    expect(summaries).toContain('Viewed the temporary links issued');
    expect(summaries).toContain(`Revoked a temporary link issued by ${staff.email}`);
    expect(summaries).toContain('Signed in');
    expect(mine.find((i) => i.action === 'temporary-link.revoke')?.detail).toMatchObject({ issued_by: staff.email });
  });
});

describe('staff sign-ins, wrong codes and sign-outs in the access record', () => {
  it('records each, office-wide, for the person who did it', async () => {
    const member = await signedInStaff(baseUrl);
    const reader = await signedInStaff(baseUrl);
    expect((await member.get('/staff/api/logout')).status).toBe(200);

    const again = new ApiClient(baseUrl);
    const first = await again.post<{ challenge: string; session: string }>('/staff/api/login', { email: member.email, password: STAFF_PASSWORD });
    expect(first.body.challenge).toBe('SOFTWARE_TOKEN_MFA');
    const near = new Set([totpCode(member.secret, -1), totpCode(member.secret), totpCode(member.secret, 1)]);
    const wrong = ['000000', '111111', '222222'].find((c) => !near.has(c))!;
    const refused = await again.post('/staff/api/login', { email: member.email, challenge: 'SOFTWARE_TOKEN_MFA', session: first.body.session, code: wrong });
    expect(refused.status).toBe(401);

    const office = await reader.get<AuditPage>('/staff/api/audit');
    const theirs = office.body.items.filter((i) => i.staff === member.email).map((i) => [i.action, i.summary]);
    // Newest first: the wrong code, the sign-out, the sign-in.
    expect(theirs).toEqual([
      ['mfa-failed', 'Entered a wrong authenticator code while signing in'],
      ['sign-out', 'Signed out'],
      ['sign-in', 'Signed in'],
    ]);
    expect(office.body.items.find((i) => i.staff === member.email)?.ip).toEqual(expect.any(String));
  }, 60_000);
});

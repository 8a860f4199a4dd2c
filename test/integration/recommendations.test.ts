/**
 * Recommendations on the real local stack: the applicant invites, the recommender opens the
 * e-mailed link, uploads a letter (converted by the stack's conversion), submits; the applicant
 * sees the state and never the content; the office reads it, audited. The rules: the waiver
 * gate, the limits, reminders, cancelling, the sweep with --as-of, tokens bound to their own
 * recommendation, guessing and rate limits.
 */
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { RECOMMENDATION_LIMITS } from '#domain/recommendations/rules';
import { endpoints } from '#form/wire/endpoints';
import * as fixtures from '../fixtures/documents';
import { pdfText } from '../fixtures/pdf-text';
import { postToBucket, waitForApplicationPdf, type Presigned } from '../fixtures/upload';
import { completeApplication } from '../support/answers';
import { ApiClient, latestMail, outbox, registeredApplicant, uniqueEmail } from '../support/client';
import { eventProblems } from '../support/event-schemas';
import { signedInStaff } from '../support/staff';

const baseUrl = inject('baseUrl');
const ROOT = resolve(import.meta.dirname, '..', '..');
const DEAD = 'This link no longer works. Ask the applicant to send you a new one.';
const WAIVER_FIRST = 'Answer the question about your right to see letters of recommendation before inviting a recommender.';
const DAY = 24 * 60 * 60 * 1000;

type Applicant = Awaited<ReturnType<typeof registeredApplicant>>;
interface Item {
  id: string;
  role: string;
  status: string;
  email: string;
  expires_at: string;
  submitted_at?: string;
  reminded_at?: string;
}

/** The recommender: no cookies, its own address (X-Forwarded-For) so the per-address limit is its own. */
class Recommender {
  readonly client = new ApiClient(baseUrl);
  constructor(
    readonly token: string,
    readonly address = `198.51.100.${1 + Math.floor(Math.random() * 250)}`,
  ) {}
  private headers() {
    return { headers: { 'x-forwarded-for': this.address } };
  }
  view() {
    return this.client.request<Record<string, unknown>>('GET', `/public/recommendation?token=${encodeURIComponent(this.token)}`, undefined, this.headers());
  }
  letter() {
    return this.client.request<{ status: string; message?: string }>(
      'GET',
      `/public/recommendation/letter?token=${encodeURIComponent(this.token)}`,
      undefined,
      this.headers(),
    );
  }
  grant() {
    return this.client.request<Presigned>('POST', '/public/recommendation/presigned-url', { token: this.token }, this.headers());
  }
  submit(fields: Record<string, string>) {
    return this.client.request<{ message: string }>(
      'POST',
      '/public/recommendation/submit',
      { token: this.token, file_name: 'letter.pdf', relationship: 'School counselor', known_since: '2023', ...fields },
      this.headers(),
    );
  }
  decline(reason = '') {
    return this.client.request<{ message: string }>('POST', '/public/recommendation/decline', { token: this.token, reason }, this.headers());
  }
  /** Uploads a letter and waits for its conversion to settle. */
  async upload(bytes: Uint8Array, fileName = 'letter.pdf'): Promise<{ key: string; status: string; message?: string }> {
    const grant = await this.grant();
    expect(grant.status).toBe(200);
    expect(await postToBucket(grant.body, bytes, fileName)).toBeLessThan(300);
    const until = Date.now() + 30_000;
    for (;;) {
      const res = await this.letter();
      expect(res.status).toBe(200);
      if (res.body.status === 'COMPLETED' || res.body.status === 'FAILED') return { key: grant.body.fields.key as string, ...res.body };
      if (Date.now() > until) throw new Error(`letter still ${JSON.stringify(res.body)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

async function applicant(answers: Record<string, string> = completeApplication()): Promise<Applicant> {
  const a = await registeredApplicant(baseUrl);
  if (Object.keys(answers).length > 0) expect((await a.put('/api/answer', answers)).status).toBe(200);
  return a;
}

const invite = (a: ApiClient, body: Record<string, string>) =>
  a.post<Item & { message?: string }>('/api/recommendations', { role: 'counselor', first_name: 'Grace', last_name: 'Hopper', ...body });

/** The token of the newest link mailed to this address. */
async function linkFor(email: string): Promise<string> {
  const mail = await latestMail(baseUrl, email);
  expect(mail.link).toMatch(new RegExp(`^${baseUrl}/recommend\\?token=[A-Za-z0-9_-]{22,}$`));
  return new URL(mail.link!).searchParams.get('token')!;
}

async function invited(a: ApiClient, role = 'counselor'): Promise<{ item: Item; email: string; recommender: Recommender }> {
  const email = uniqueEmail('recommender');
  const res = await invite(a, { role, email });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { item: res.body, email, recommender: new Recommender(await linkFor(email)) };
}

const list = async (a: ApiClient) => {
  const res = await a.get<{ items: Item[]; waiver: string; max_teachers: number }>('/api/recommendations');
  expect(res.status).toBe(200);
  return res.body;
};

const sweep = (asOf: string) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'recommendations.ts'), 'sweep', '--as-of', asOf, '--url', baseUrl], {
    cwd: ROOT,
  });
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('a letter from invitation to the office', () => {
  it('invites after submission, mails the link, takes a converted letter once, and shows it to the office alone (audited)', async () => {
    const a = await applicant();
    expect((await a.post('/api/submit')).status).toBe(200);
    const { item, email, recommender } = await invited(a);
    expect(item).toMatchObject({ role: 'counselor', status: 'invited', email, first_name: 'Grace', last_name: 'Hopper' });

    const mail = await latestMail(baseUrl, email);
    expect(mail.text).toContain('Example State University');
    expect(mail.text).toContain('Ada');
    expect(mail.text).toContain('Springfield High School');
    expect(mail.text).toContain('has waived the right to see this letter');
    expect(mail.text).toMatch(/works until [A-Z][a-z]+ \d{1,2}, \d{4}/);

    const view = await recommender.view();
    expect(view.status).toBe(200);
    expect(Object.keys(view.body).sort()).toEqual(['applicant', 'expires_at', 'institution', 'role', 'status', 'waiver']);
    expect(view.body).toMatchObject({ role: 'counselor', waiver: 'Y', status: 'opened', applicant: { first_name: 'Ada', school: 'Springfield High School' } });
    expect((await list(a)).items[0]?.status).toBe('opened');
    const awaiting = await a.get<{ items: Array<{ id: string; state: string }> }>('/api/checklist');
    expect(awaiting.body.items.find((i) => i.id === `recommendation_${item.id}`)?.state).toBe('awaiting');

    expect((await recommender.letter()).body).toEqual({ status: 'NOT_ANSWERED' });
    const letter = await recommender.upload(await fixtures.pdf(['A letter of recommendation']));
    expect(letter.status).toBe('COMPLETED');
    expect(letter.key).toBe(`recommendations/${item.id}/${letter.key.split('/')[2]}`);
    const marker = `CONFIDENTIAL-${randomUUID()}`;
    const sent = await recommender.submit({ file_key: letter.key, comments: marker, relationship: `Counselor ${marker}` });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const again = await recommender.submit({ file_key: letter.key, comments: 'again' });
    expect(again.status).toBe(409);

    const mine = await list(a);
    expect(mine.items[0]).toMatchObject({ status: 'submitted', submitted_at: expect.any(String) as string });
    expect((await a.delete(`/api/recommendations/${item.id}`)).status).toBe(409);
    const checklist = await a.get<{ items: Array<{ id: string; state: string; label: string }> }>('/api/checklist');
    expect(checklist.body.items.find((i) => i.id === `recommendation_${item.id}`)).toMatchObject({
      state: 'received',
      label: 'Counselor recommendation (Grace Hopper)',
    });
    expect((await latestMail(baseUrl, a.username)).subject).toContain('submitted');
    expect((await outbox(baseUrl)).some((m) => m.text.includes(marker))).toBe(false);

    const events = (await (await fetch(`${baseUrl}/_dev/events.json`)).json()) as Array<{ 'detail-type': string; detail: Record<string, string> }>;
    const event = events.find((e) => e['detail-type'] === 'Recommendation Submitted' && e.detail.id === item.id);
    expect(event?.detail).toEqual({
      version: 1,
      cycle: expect.any(String) as string,
      id: item.id,
      reference: expect.stringMatching(/^[A-Z0-9]{8}$/) as string,
      role: 'counselor',
    });
    expect(eventProblems(events)).toEqual([]);

    // The office: the details, and the letter through its audited route.
    const staff = await signedInStaff(baseUrl);
    const detail = await staff.get<{ recommendations: Array<Record<string, string>> }>(`/staff/api/applications/${a.subject}`);
    expect(detail.status).toBe(200);
    expect(detail.body.recommendations).toEqual([
      expect.objectContaining({
        id: item.id,
        role: 'counselor',
        name: 'Grace Hopper',
        email,
        status: 'submitted',
        waiver: 'Y',
        comments: marker,
        known_since: '2023',
        download_url: `/staff/api/applications/${a.subject}/recommendations/${item.id}/letter`,
      }),
    ]);
    const download = await fetch(`${baseUrl}${detail.body.recommendations[0]!.download_url}`, { headers: { cookie: staff.cookieHeader }, redirect: 'manual' });
    expect(download.status).toBe(303);
    const pdf = new Uint8Array(await (await fetch(download.headers.get('location')!)).arrayBuffer());
    expect((await pdfText(pdf)).text).toContain('A letter of recommendation');
    const audit = await staff.get<{ items: Array<{ action: string; staff: string; detail?: Record<string, string> }> }>(
      `/staff/api/audit?application=${a.subject}`,
    );
    expect(audit.body.items.find((i) => i.staff === staff.email && i.detail?.recommendation === item.id)).toMatchObject({
      action: 'read',
      detail: { recommendation: item.id, what: 'letter' },
    });
    expect((await fetch(`${baseUrl}${detail.body.recommendations[0]!.download_url}`, { redirect: 'manual' })).status).toBe(401);
    expect((await staff.get(`/staff/api/applications/${a.subject}/recommendations/${randomUUID()}/letter`)).status).toBe(404);

    // The exports: one status per role slot, never the content.
    const exported = await fetch(`${baseUrl}/staff/api/export.json?q=${encodeURIComponent(a.username)}`, { headers: { cookie: staff.cookieHeader } });
    const rows = (await exported.json()) as Array<Record<string, string>>;
    expect(rows.find((r) => r.id === a.subject)).toMatchObject({
      recommendation_counselor: 'submitted',
      recommendation_teacher_1: '',
      recommendation_teacher_2: '',
    });
    expect(JSON.stringify(rows)).not.toContain(marker);

    // The applicant: no route, document list, profile or PDF carries the letter or its comments.
    const bodies: string[] = [];
    for (const e of Object.values(endpoints)) {
      // Every read (the sign-out is a GET too: left out, it would end the session for the rest).
      if (e.method !== 'GET' || !e.path.startsWith('/api/') || e.path.includes('{') || e.path === endpoints.logOut.path) continue;
      const res = await a.get(e.path);
      bodies.push(`${e.path} ${res.status} ${JSON.stringify(res.body)}`);
    }
    for (const key of ['hs_transcript', 'resume']) bodies.push(JSON.stringify((await a.get(`/api/pdf/document-answer/${key}`)).body));
    const joined = bodies.join('\n');
    expect(joined).toContain('/api/recommendations 200');
    expect(joined).not.toContain(marker);
    expect(joined).not.toContain(letter.key);
    expect(joined).not.toContain('recommendations/');
    const applicationPdf = await waitForApplicationPdf(a, 120_000);
    expect(applicationPdf.status).toBe('COMPLETED');
    const printed = (await pdfText(new Uint8Array(await (await fetch(applicationPdf.url!)).arrayBuffer()))).text;
    expect(printed).not.toContain('A letter of recommendation');
    expect(printed).not.toContain(marker);

    // The link shows the confirmation (the 24 hours after submission), then dies; it never takes another upload.
    expect((await recommender.view()).body.status).toBe('submitted');
    expect((await recommender.grant()).status).toBe(409);
  }, 240_000);
});

describe('the rules of inviting', () => {
  it('refuses every invitation until the waiver is answered, in words', async () => {
    const a = await applicant({ first_name: 'Ada' });
    const res = await invite(a, { email: uniqueEmail('counselor') });
    expect(res).toMatchObject({ status: 409, body: { message: WAIVER_FIRST } });
    expect((await list(a)).waiver).toBe('');
  });

  it('refuses a bad address, the applicant\u2019s own, a second counselor, a third teacher and an address already invited', async () => {
    const a = await applicant();
    const bad = await invite(a, { email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: { email: [expect.any(String)] } });
    expect((await invite(a, { email: a.username.toUpperCase() })).status).toBe(409);
    const { email } = await invited(a);
    expect((await invite(a, { email: uniqueEmail('counselor') })).body.message).toContain('already invited your counselor');
    expect((await invite(a, { role: 'teacher', email })).body.message).toBe('This address already has an invitation that is still open.');
    await invited(a, 'teacher');
    await invited(a, 'teacher');
    const third = await invite(a, { role: 'teacher', email: uniqueEmail('teacher') });
    expect(third.status).toBe(409);
    expect(third.body.message).toContain('at most 2 teachers');
    expect((await list(a)).items.map((i) => i.role)).toEqual(['counselor', 'teacher', 'teacher']);
  });

  it('sends at most 10 invitations a day', async () => {
    const a = await applicant();
    for (let i = 0; i < 10; i++) {
      const { item } = await invited(a);
      expect((await a.delete(`/api/recommendations/${item.id}`)).status).toBe(200);
    }
    const res = await invite(a, { email: uniqueEmail('counselor') });
    expect(res).toMatchObject({ status: 429, body: { message: 'You can send at most 10 invitations a day. Please try again tomorrow.' } });
  });

  it('reminds once per 3 days (429 with the next date), and cancelling kills the link at once', async () => {
    const a = await applicant();
    const { item, email, recommender } = await invited(a, 'teacher');
    const reminded = await a.post<Item>(`/api/recommendations/${item.id}/reminder`);
    expect(reminded.status).toBe(200);
    expect(reminded.body.reminded_at).toEqual(expect.any(String));
    expect((await latestMail(baseUrl, email)).subject).toContain('reminder');
    const tooSoon = await a.post<{ message: string; next_allowed_at: string }>(`/api/recommendations/${item.id}/reminder`);
    expect(tooSoon.status).toBe(429);
    expect(Date.parse(tooSoon.body.next_allowed_at) - Date.parse(reminded.body.reminded_at!)).toBe(3 * DAY);
    expect(tooSoon.body.message).toMatch(/next reminder on [A-Z][a-z]+ \d{1,2}, \d{4}/);
    const reminderLink = new Recommender(await linkFor(email));
    expect((await reminderLink.view()).status).toBe(200);

    // Another applicant cannot touch it.
    const other = await applicant();
    expect((await other.delete(`/api/recommendations/${item.id}`)).status).toBe(404);
    expect((await other.post(`/api/recommendations/${item.id}/reminder`)).status).toBe(404);
    expect((await other.delete('/api/recommendations/not-an-id')).status).toBe(404);

    expect((await a.delete(`/api/recommendations/${item.id}`)).status).toBe(200);
    for (const link of [recommender, reminderLink]) {
      expect(await link.view()).toMatchObject({ status: 404, body: { message: DEAD } });
      expect((await link.grant()).status).toBe(404);
    }
    expect((await list(a)).items[0]?.status).toBe('cancelled');
  });

  it('declining kills the link and tells the applicant, without the reason', async () => {
    const a = await applicant();
    const { recommender } = await invited(a);
    expect((await recommender.decline('SECRET-REASON')).status).toBe(200);
    expect((await recommender.view()).status).toBe(404);
    const notice = await latestMail(baseUrl, a.username);
    expect(notice.subject).toContain('declined');
    expect(notice.text).not.toContain('SECRET-REASON');
    expect((await list(a)).items[0]?.status).toBe('declined');
  });
});

describe('the recommender\u2019s link', () => {
  it('opens only its own recommendation, and its letter key cannot be submitted through another link', async () => {
    const a = await applicant();
    const b = await applicant({ ...completeApplication(), first_name: 'Bea' });
    const first = await invited(a);
    const second = await invited(b);
    expect((await first.recommender.view()).body).toMatchObject({ applicant: { first_name: 'Ada' } });
    expect((await second.recommender.view()).body).toMatchObject({ applicant: { first_name: 'Bea' } });
    const letter = await first.recommender.upload(await fixtures.png());
    expect(letter.status).toBe('COMPLETED');
    expect(letter.key).toContain(first.item.id);
    expect((await second.recommender.submit({ file_key: letter.key })).status).toBe(409);
    expect((await list(b)).items[0]?.status).toBe('opened');
  });

  it('says why a letter could not be converted, and refuses to submit it', async () => {
    const a = await applicant();
    const { recommender } = await invited(a);
    const letter = await recommender.upload(await fixtures.truncatedPdf());
    expect(letter.status).toBe('FAILED');
    expect(letter.message).toEqual(expect.stringMatching(/\w+/));
    const res = await recommender.submit({ file_key: letter.key });
    expect(res).toMatchObject({ status: 409, body: { message: 'Your letter could not be converted. Upload it again before submitting.' } });
  });

  it('answers malformed, random and foreign tokens with the same 404', async () => {
    const answers = await Promise.all(
      ['x', '../../etc/passwd', 'a'.repeat(600), randomBytes(16).toString('base64url'), randomBytes(32).toString('base64url')].map((token) =>
        new Recommender(token).view(),
      ),
    );
    for (const res of answers) expect(res).toMatchObject({ status: 404, body: { message: DEAD } });
    const post = await new ApiClient(baseUrl).post('/public/recommendation/presigned-url', { token: 42 });
    expect(post).toMatchObject({ status: 404, body: { message: DEAD } });
  });

  it('limits look-ups of one link and from one address', async () => {
    // The counters are fixed windows: 721 look-ups that straddle a window's end would be counted
    // in two, and the 121st or 601st let through. Start in a window with a minute to spare.
    const windowMs = RECOMMENDATION_LIMITS.lookupWindowSeconds * 1000;
    const left = windowMs - (Date.now() % windowMs);
    if (left < 60_000) await new Promise((r) => setTimeout(r, left + 1000));
    const a = await applicant();
    const { recommender } = await invited(a);
    for (let i = 0; i < 120; i++) {
      const res = await new Recommender(recommender.token).view();
      expect(res.status).toBe(200);
    }
    expect((await new Recommender(recommender.token).view()).status).toBe(429);
    const guesser = `203.0.113.${1 + Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 600; i++) expect((await new Recommender(randomBytes(16).toString('base64url'), guesser).view()).status).toBe(404);
    expect(await new Recommender(randomBytes(16).toString('base64url'), guesser).view()).toMatchObject({ status: 429 });
  }, 180_000);
});

describe('the sweep', () => {
  it('sends the one automatic reminder a week before expiry, then expires the link and tells the applicant', async () => {
    const a = await applicant();
    const { item, email, recommender } = await invited(a, 'teacher');
    const expires = Date.parse(item.expires_at);
    expect(expires - Date.now()).toBeGreaterThan(59 * DAY);
    const before = (await outbox(baseUrl)).filter((m) => m.to === email).length;

    await sweep(day(expires - 8 * DAY));
    expect((await outbox(baseUrl)).filter((m) => m.to === email)).toHaveLength(before);
    const { stdout } = await sweep(day(expires - 7 * DAY));
    expect(stdout).toMatch(/reminder\(s\) sent/);
    const reminder = await latestMail(baseUrl, email);
    expect(reminder.subject).toContain('reminder');
    expect((await outbox(baseUrl)).filter((m) => m.to === email)).toHaveLength(before + 1);
    await sweep(day(expires - 6 * DAY));
    expect((await outbox(baseUrl)).filter((m) => m.to === email)).toHaveLength(before + 1);
    const fresh = new Recommender(await linkFor(email));
    expect((await fresh.view()).status).toBe(200);
    expect((await list(a)).items[0]?.reminded_at).toEqual(expect.any(String));

    await sweep(day(expires));
    expect((await list(a)).items[0]?.status).toBe('expired');
    expect((await latestMail(baseUrl, a.username)).subject).toContain('expired');
    for (const link of [recommender, fresh]) expect(await link.view()).toMatchObject({ status: 404, body: { message: DEAD } });
    expect((await a.post(`/api/recommendations/${item.id}/reminder`)).status).toBe(409);
  }, 60_000);
});

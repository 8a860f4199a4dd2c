/**
 * Issue 42, items 4, 5, 6 and 11, on the real local stack over HTTP: an invitation's subject
 * carries nothing the applicant typed and its names are names; one address receives a bounded
 * number of invitations from all applicants together; the waiver cannot change once a
 * recommender was told it (the save's own conditional write refuses it); a link takes a bounded
 * number of uploads a day; and parallel invitations take no more slots than the role has.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { WAIVER_HELD_MESSAGE } from '#domain/answer-save';
import { dailyLimitMessage } from '#domain/documents/upload-quota';
import { RECOMMENDATION_LIMITS, RECOMMENDATION_TEXT } from '#domain/recommendations/rules';
import { institution } from '#form/institution';
import { MAIL_NAME_MESSAGES } from '#form/mail-names';
import { setConfig } from '#lambdas/config';
import { completeApplication } from '../support/answers';
import { ApiClient, PASSWORD, latestMail, outbox, registeredApplicant, uniqueEmail } from '../support/client';
import { traces } from '../support/traces';

const baseUrl = inject('baseUrl');

beforeAll(() => {
  // The traces are read from the stack's own storage.
  setConfig({ dynamodbEndpoint: inject('dynamodbEndpoint'), s3Endpoint: inject('s3Endpoint') });
});

type Applicant = Awaited<ReturnType<typeof registeredApplicant>>;
interface Item {
  id: string;
  status: string;
  message?: string;
}

async function applicant(answers: Record<string, string> = completeApplication()): Promise<Applicant> {
  const a = await registeredApplicant(baseUrl);
  expect((await a.put('/api/answer', answers)).status).toBe(200);
  return a;
}

const invite = (a: ApiClient, body: Record<string, string>) =>
  a.post<Item>('/api/recommendations', { role: 'counselor', first_name: 'Grace', last_name: 'Hopper', ...body });

/** A recommender's request from an address of its own (X-Forwarded-For), so the per-address look-up limit is its own. */
function fromRecommender<T = Record<string, unknown>>(method: string, path: string, body: unknown) {
  const address = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
  return new ApiClient(baseUrl).request<T>(method, path, body, { headers: { 'x-forwarded-for': address } });
}

async function linkFor(email: string): Promise<string> {
  const mail = await latestMail(baseUrl, email);
  return new URL(mail.link!).searchParams.get('token')!;
}

describe('an invitation carries no message of the applicant (item 4)', () => {
  it('has a subject from the institution alone, and is refused while the applicant\u2019s name is a message, in words naming what to correct', async () => {
    const a = await applicant();
    const email = uniqueEmail('counselor');
    expect((await invite(a, { email })).status).toBe(200);
    const mail = await latestMail(baseUrl, email);
    expect(mail.subject).toContain(institution.name);
    expect(mail.subject).not.toMatch(/Ada|Springfield|Grace/);
    expect(mail.text).toContain('Springfield High School');

    const phisher = await applicant({ ...completeApplication(), first_name: 'Visit https://evil.example now' });
    const target = uniqueEmail('victim');
    expect(await invite(phisher, { email: target })).toMatchObject({ status: 409, body: { message: MAIL_NAME_MESSAGES.applicantName } });
    const school = await applicant({ ...completeApplication(), hs_name: 'Springfield High, sign in at evil.example' });
    expect(await invite(school, { email: target })).toMatchObject({ status: 409, body: { message: MAIL_NAME_MESSAGES.school } });
    const typed = await invite(a, { role: 'teacher', first_name: 'Click', last_name: 'evil.example', email: target });
    expect(typed).toMatchObject({ status: 400, body: { errors: { last_name: [MAIL_NAME_MESSAGES.recommenderName] } } });
    expect((await outbox(baseUrl)).filter((m) => m.to === target)).toEqual([]);
  });

  it('bounds what one mailbox receives in a day from all applicants together, its +tags and capitals counted as one', async () => {
    const [local, domain] = uniqueEmail('counselor').split('@') as [string, string];
    const dressed = (i: number) => (i % 3 === 0 ? `${local}@${domain}` : i % 3 === 1 ? `${local.toUpperCase()}@${domain}` : `${local}+${i}@${domain}`);
    let sent = 0;
    while (sent < RECOMMENDATION_LIMITS.invitationsPerRecipientPerDay) {
      const a = await applicant();
      for (let i = 0; i < RECOMMENDATION_LIMITS.invitationsPerDay && sent < RECOMMENDATION_LIMITS.invitationsPerRecipientPerDay; i++, sent++) {
        const res = await invite(a, { email: dressed(sent) });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect((await a.delete(`/api/recommendations/${res.body.id}`)).status).toBe(200);
      }
    }
    const late = await applicant();
    expect(await invite(late, { email: `${local}+late@${domain}` })).toMatchObject({ status: 429, body: { message: RECOMMENDATION_TEXT.recipientLimit } });
    expect((await invite(late, { email: uniqueEmail('counselor') })).status).toBe(200);
  }, 120_000);
});

describe('the waiver a recommender was told (item 5)', () => {
  it('refuses the save that changes it (409 in words, nothing saved) while an invitation is open, and takes it once cancelled', async () => {
    const a = await applicant();
    const { body: item } = await invite(a, { email: uniqueEmail('counselor') });
    const refused = await a.put('/api/answer', { counselor_waiver_request: 'N', city: 'Lyon' });
    expect(refused).toMatchObject({ status: 409, body: { message: WAIVER_HELD_MESSAGE } });
    expect(refused.body).not.toHaveProperty('conflicts');
    expect((await a.get<{ waiver: string }>('/api/recommendations')).body.waiver).toBe('Y');
    // The same answer again is no change, and the other answers save with it.
    expect((await a.put('/api/answer', { counselor_waiver_request: 'Y', city: 'Lyon' })).status).toBe(200);
    expect((await a.put('/api/answer', { counselor_waiver_request: '' })).status).toBe(409);
    expect((await a.delete(`/api/recommendations/${item.id}`)).status).toBe(200);
    expect((await a.put('/api/answer', { counselor_waiver_request: 'N' })).status).toBe(200);
    expect((await a.get<{ waiver: string }>('/api/recommendations')).body.waiver).toBe('N');
  });

  it('frees it once the only recommender declined, when the applicant next looks at their recommenders', async () => {
    const a = await applicant();
    const email = uniqueEmail('teacher');
    expect((await invite(a, { role: 'teacher', email })).status).toBe(200);
    const token = await linkFor(email);
    expect((await fromRecommender('POST', '/public/recommendation/decline', { token })).status).toBe(200);
    expect((await a.get('/api/recommendations')).status).toBe(200);
    expect((await a.put('/api/answer', { counselor_waiver_request: 'N' })).status).toBe(200);
  });
});

describe('letter uploads (item 6)', () => {
  it('grants one link at most 20 uploads a day, then 429 saying when it may go on', async () => {
    const a = await applicant();
    const email = uniqueEmail('counselor');
    expect((await invite(a, { email })).status).toBe(200);
    const token = await linkFor(email);
    const grant = () => fromRecommender<{ message: string }>('POST', '/public/recommendation/presigned-url', { token });
    for (let i = 0; i < RECOMMENDATION_LIMITS.letterUploadsPerDay; i++) expect((await grant()).status).toBe(200);
    const refused = await grant();
    expect(refused.status).toBe(429);
    // The words of the applicant's own quota; only the time left may differ by the minute the requests took.
    const words = (m: string) => m.replace(/, in .*$/, '');
    expect(words(refused.body.message)).toBe(words(dailyLimitMessage(20, new Date())));
    expect(refused.body.message).toMatch(/after midnight UTC, in (\d+ hours?)?( and )?(\d+ minutes?)?|less than a minute/);

    // The counter names the recommendation: closing the account deletes it with the rest.
    const { id } = (await a.get<{ items: Array<{ id: string }> }>('/api/recommendations')).body.items[0]!;
    expect((await traces([id])).some((t) => t.startsWith(`status:rate#letter-uploads#${id}|`))).toBe(true);
    const sub = a.subject;
    expect((await a.request('DELETE', '/api/account', { password: PASSWORD })).status).toBe(200);
    expect(await traces([sub, id])).toEqual([]);
  });
});

describe('parallel invitations (item 11)', () => {
  it('give the counselor\u2019s slot to one and the teachers\u2019 to as many as the institution takes, refusing the rest in words', async () => {
    const a = await applicant();
    const counselors = await Promise.all(Array.from({ length: 5 }, () => invite(a, { email: uniqueEmail('counselor') })));
    expect(counselors.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of counselors.filter((x) => x.status !== 200)) expect(r).toMatchObject({ status: 409, body: { message: RECOMMENDATION_TEXT.counselorLimit } });
    const teachers = await Promise.all(Array.from({ length: 5 }, () => invite(a, { role: 'teacher', email: uniqueEmail('teacher') })));
    expect(teachers.filter((r) => r.status === 200)).toHaveLength(RECOMMENDATION_LIMITS.maxTeachers);
    for (const r of teachers.filter((x) => x.status !== 200)) expect(r).toMatchObject({ status: 409, body: { message: RECOMMENDATION_TEXT.teacherLimit } });
    const items = (await a.get<{ items: Array<{ role: string; status: string }> }>('/api/recommendations')).body.items;
    expect(items.map((i) => `${i.role} ${i.status}`).sort()).toEqual(['counselor invited', 'teacher invited', 'teacher invited']);
    // The refused ones left nothing behind: no record, and none of the pointers that name the applicant.
    const left = await traces([a.subject]);
    for (const kind of ['status:rec#', 'status:rectoken#', 'status:rec-due#'])
      expect(
        left.filter((t) => t.startsWith(kind)),
        kind,
      ).toHaveLength(3);
    expect(left.filter((t) => t.startsWith(`status:recommendations#${a.subject}|rec#`))).toHaveLength(3);
  }, 60_000);
});

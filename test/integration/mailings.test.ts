/**
 * Mailings to applicants on the real local stack, over HTTP (issue 40): 300 submitted applicants
 * found by a staff list's filter (five submitted through the API, the rest written straight into
 * the stack's dynalite 25 to a BatchWriteItem, as the submissions index holds them: bench/office.ts
 * seeds the same way), a draft refused in words when its words or filter are wrong, a preview of
 * three real recipients, a test to the officer alone, then the send: the sender stopped after a
 * third of the deliveries (the local queue's dev control, as a killed sender loses what it held)
 * and resumed, and each recipient gets the mailing exactly once (the dev outbox). Once nothing is
 * left to send the mailing is marked sent, with its finish time. Each applicant's Messages section
 * shows it, and so does the office's view of the application; a reader can read that and nothing
 * else of the mailings.
 */
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dynamoClient } from '#adapters/clients';
import type { MailingDetail, MailingPreview, MailingSaved, MailingSent, MessagesReply } from '#form/wire/messages';
import { config, setConfig } from '#lambdas/config';
import { completeApplication } from '../support/answers';
import { outbox, registeredApplicant, type ApiClient } from '../support/client';
import { submittedItem, writeSeeded } from '../support/seeded-submissions';
import { signedInStaff, type StaffClient } from '../support/staff';

const baseUrl = inject('baseUrl');
const RECIPIENTS = 300;
/** Submitted through the API (one reads its Messages as the applicant); the rest seeded. */
const THROUGH_API = 5;
/** Jobs the sender begins before it is stopped: the start, then a third of the deliveries. */
const BEFORE_STOP = 1 + RECIPIENTS / 3;

const dev = async (action: string) => {
  const res = await fetch(`${baseUrl}/_dev/mailings/${action}`, { method: 'POST' });
  expect(res.status, action).toBe(200);
};

async function submittedApplicant(tag: string, n: number): Promise<ApiClient & { username: string }> {
  const applicant = await registeredApplicant(baseUrl);
  const saved = await applicant.put('/api/answer', { ...completeApplication(), first_name: `${tag}${n}`, last_name: `Mailing${tag}` });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect((await applicant.post('/api/submit')).status).toBe(200);
  return applicant;
}

/**
 * Submitted applications as the submission and its index leave them (the answers item with the
 * index's keys, the address, the search text and the placement of a real submission beside it),
 * (test/support/seeded-submissions.ts): what 295 sign-ups and submissions over HTTP would take minutes to make.
 */
async function seedSubmitted(tag: string, from: number, count: number, like: string): Promise<string[]> {
  const real = (await dynamoClient().send(new GetCommand({ TableName: config().answersTable, Key: { pk: like, sk: 'answers' } }))).Item ?? {};
  const placement = Object.fromEntries(['cycle', 'round', 'late'].filter((k) => k in real).map((k) => [k, real[k] as unknown]));
  const now = Date.now();
  const items = Array.from({ length: count }, (_, i) => {
    const n = from + i;
    const submittedAt = new Date(now - (count - i) * 1000).toISOString();
    const answers: Record<string, string> = { ...completeApplication(), first_name: `${tag}${n}`, last_name: `Mailing${tag}` };
    return submittedItem(answers, `seeded-${tag.toLowerCase()}-${n}@example.edu`, submittedAt, {
      reference: `S${n.toString(36).toUpperCase().padStart(7, '0')}`,
      ...placement,
    });
  });
  await writeSeeded(items);
  return items.map((item) => item.applicant_email);
}

describe('mailings to applicants', () => {
  const tag = `Ml${randomUUID().slice(0, 6).replace(/-/g, '')}`;
  let admin: StaffClient;
  let reader: StaffClient;
  const applicants: Array<ApiClient & { username: string }> = [];
  const seeded: string[] = [];
  const draft = (overrides: Record<string, unknown> = {}) => ({
    subject: '{institution}: a reminder',
    body: 'Dear {first_name},\n\nPlease check your status page: {status_link}',
    kind: 'transactional',
    recipients: { source: 'submitted', filters: { q: `Mailing${tag}` } },
    ...overrides,
  });

  beforeAll(async () => {
    setConfig({ dynamodbEndpoint: inject('dynamodbEndpoint'), s3Endpoint: inject('s3Endpoint') });
    [admin, reader] = await Promise.all([signedInStaff(baseUrl), signedInStaff(baseUrl, undefined, 'reader')]);
    applicants.push(...(await Promise.all(Array.from({ length: THROUGH_API }, (_, j) => submittedApplicant(tag, j)))));
    seeded.push(...(await seedSubmitted(tag, THROUGH_API, RECIPIENTS - THROUGH_API, applicants[0]!.subject)));
  }, 300_000);

  it('refuses bad drafts in words, and a reader, with nothing written', async () => {
    const before = (await admin.get<{ mailings: unknown[] }>('/staff/api/mailings')).body.mailings.length;
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ subject: '' }, /^Subject: The subject is empty/],
      [{ body: 'Dear {frist_name}' }, /\{frist_name\} is not a placeholder this e-mail knows\. Write \{first_name\}/],
      [{ subject: 'Hello {first_name}' }, /cannot go in the subject/],
      [{ recipients: { source: 'submitted', filters: { status: 'decided' } } }, /decision is waiting before its release/],
      [{ recipients: { source: 'submitted', filters: { colour: 'red' } } }, /^Unknown parameter: colour/],
      [{ kind: 'newsletter' }, /^kind is transactional/],
    ];
    for (const [change, message] of cases) {
      const res = await admin.post<{ message: string }>('/staff/api/mailings', draft(change));
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await reader.post('/staff/api/mailings', draft())).status).toBe(403);
    expect((await reader.get('/staff/api/mailings')).status).toBe(403);
    expect((await admin.get<{ mailings: unknown[] }>('/staff/api/mailings')).body.mailings).toHaveLength(before);
  });

  it('refuses to send to nobody (400 in words)', async () => {
    const saved = await admin.post<MailingSaved>('/staff/api/mailings', draft({ recipients: { source: 'submitted', filters: { q: `nobody${tag}` } } }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.recipient_count).toBe(0);
    const sent = await admin.post<{ message: string }>(`/staff/api/mailings/${saved.body.mailing.id}/send`, {});
    expect(sent.status).toBe(400);
    expect(sent.body.message).toMatch(/^The recipients’ filter finds no application/);
  });

  it('previews, tests, then sends once to each recipient, through a stopped and resumed sender', async () => {
    const saved = await admin.post<MailingSaved>('/staff/api/mailings', draft());
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.recipient_count).toBe(RECIPIENTS);
    const id = saved.body.mailing.id;

    const preview = await admin.post<MailingPreview>(`/staff/api/mailings/${id}/preview`);
    expect(preview.body.recipient_count).toBe(RECIPIENTS);
    expect(preview.body.samples).toHaveLength(3);
    for (const sample of preview.body.samples) expect(sample.text).toMatch(new RegExp(`^Dear ${tag}\\d+,`));
    expect((await reader.post(`/staff/api/mailings/${id}/preview`)).status).toBe(403);

    const tested = await admin.post(`/staff/api/mailings/${id}/test`);
    expect(tested.status, JSON.stringify(tested.body)).toBe(200);
    const test = (await outbox(baseUrl)).filter((m) => m.to === admin.email && m.subject.startsWith('[Test] '));
    expect(test).toHaveLength(1);

    const addresses = new Set([...applicants.map((a) => a.username), ...seeded]);
    expect(addresses.size).toBe(RECIPIENTS);
    const mine = async () => (await outbox(baseUrl)).filter((m) => addresses.has(m.to) && !m.subject.startsWith('[Test]') && m.subject.endsWith('a reminder'));
    expect(await mine()).toHaveLength(0);

    // The sender stops after the start and a third of the deliveries, losing the rest of what it held.
    await dev(`pause?after=${BEFORE_STOP}`);
    expect((await reader.post(`/staff/api/mailings/${id}/send`, {})).status).toBe(403);
    const sent = await admin.post<MailingSent>(`/staff/api/mailings/${id}/send`, {});
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.message).toBe(`The mailing is being sent to ${RECIPIENTS} recipients.`);
    await dev('settle');
    expect(await mine()).toHaveLength(BEFORE_STOP - 1);
    const halfway = await admin.get<MailingDetail>(`/staff/api/mailings/${id}`);
    expect(halfway.body).toMatchObject({
      state: 'sending',
      recipient_count: RECIPIENTS,
      progress: { sent: BEFORE_STOP - 1, queued: RECIPIENTS - BEFORE_STOP + 1 },
    });

    // Restarted, it sends the rest: each recipient exactly once.
    await dev('resume');
    await dev('settle');
    const mails = await mine();
    // Each of the 300 once: no duplicate, no gap.
    expect(mails).toHaveLength(RECIPIENTS);
    expect(mails.map((m) => m.to).sort()).toEqual([...addresses].sort());
    const done = await admin.get<MailingDetail>(`/staff/api/mailings/${id}`);
    expect(done.body).toMatchObject({ state: 'sent', progress: { queued: 0, sent: RECIPIENTS, failed: 0, suppressed: 0 }, failures: [] });
    // Marked sent (the queue emptied), with when its last delivery ended: after the send, not in the future.
    expect(done.body.finished_at).toBeDefined();
    expect(Date.parse(done.body.finished_at!)).toBeGreaterThanOrEqual(Date.parse(sent.body.mailing.send_at!));
    expect(Date.parse(done.body.finished_at!)).toBeLessThanOrEqual(Date.now());
    expect(halfway.body.finished_at).toBeUndefined();
    const listed = await admin.get<{ mailings: MailingDetail[] }>('/staff/api/mailings');
    expect(listed.body.mailings.find((m) => m.id === id)).toMatchObject({ state: 'sent', finished_at: done.body.finished_at });
    expect((await admin.post<{ message: string }>(`/staff/api/mailings/${id}/send`, {})).status).toBe(409);

    // The applicant's Messages section, and the office's view of what the application received (a reader may read it).
    const own = await applicants[4]!.get<MessagesReply>('/api/messages');
    expect(own.status).toBe(200);
    expect(own.body.messages).toHaveLength(1);
    expect(own.body.messages[0]!.text).toMatch(new RegExp(`^Dear ${tag}4,`));
    const office = await reader.get<MessagesReply>(`/staff/api/applications/${applicants[4]!.subject}/messages`);
    expect(office.status).toBe(200);
    expect(office.body.messages).toEqual(own.body.messages);
    // The applicant's session is no staff session.
    expect((await applicants[4]!.get(`/staff/api/applications/${applicants[4]!.subject}/messages`)).status).toBe(401);
  }, 300_000);

  it('writes to an application in progress in the language saved on its account, and its unsubscribe link opens the page in it', async () => {
    const applicant = await registeredApplicant(baseUrl);
    expect((await applicant.put('/api/language', { language: 'es' })).status).toBe(200);
    const saved = await applicant.put('/api/answer', { first_name: `${tag}Es` });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const created = await admin.post<MailingSaved>('/staff/api/mailings', draft({ kind: 'marketing', recipients: { source: 'in-progress', filters: {} } }));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const sent = await admin.post<MailingSent>(`/staff/api/mailings/${created.body.mailing.id}/send`, {});
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await dev('settle');
    const mail = (await outbox(baseUrl)).find((m) => m.to === applicant.username && m.subject.endsWith('a reminder'));
    // The office's words as written; the line the product adds, in Spanish, its link carrying the language.
    expect(mail?.text).toMatch(new RegExp(`^Dear ${tag}Es,`));
    const link = /cancele la suscripción: (\S+)$/.exec(mail?.text ?? '')?.[1];
    expect(link).toMatch(/&lang=es$/);
    const page = await fetch(link!.replace(/^https?:\/\/[^/]+/, baseUrl), { headers: { accept: 'text/html', 'accept-language': 'en-US' } });
    const html = await page.text();
    expect(page.status, html).toBe(200);
    expect(html).toContain('<html lang="es" dir="ltr">');
    expect(html).toMatch(/¿Desea dar de baja \S+ de los envíos de /);
  }, 120_000);
});

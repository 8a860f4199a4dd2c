/**
 * Mailings to applicants on the real local stack, over HTTP (issue 40): thirty submitted
 * applicants found by a staff list's filter, a draft refused in words when its words or filter are
 * wrong, a preview of three real recipients, a test to the officer alone, then the send: the
 * sender stopped after a third of the deliveries (the local queue's dev control, as a killed
 * sender loses what it held) and resumed, and each recipient gets the mailing exactly once (the
 * dev outbox). Each applicant's Messages section shows it, and so does the office's view of the
 * application; a reader can read that and nothing else of the mailings.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { MailingDetail, MailingPreview, MailingSaved, MailingSent, MessagesReply } from '#form/wire/messages';
import { completeApplication } from '../support/answers';
import { outbox, registeredApplicant, type ApiClient } from '../support/client';
import { signedInStaff, type StaffClient } from '../support/staff';

const baseUrl = inject('baseUrl');
const RECIPIENTS = 30;
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

describe('mailings to applicants', () => {
  const tag = `Ml${randomUUID().slice(0, 6).replace(/-/g, '')}`;
  let admin: StaffClient;
  let reader: StaffClient;
  const applicants: Array<ApiClient & { username: string }> = [];
  const draft = (overrides: Record<string, unknown> = {}) => ({
    subject: '{institution}: a reminder',
    body: 'Dear {first_name},\n\nPlease check your status page: {status_link}',
    kind: 'transactional',
    recipients: { source: 'submitted', filters: { q: `Mailing${tag}` } },
    ...overrides,
  });

  beforeAll(async () => {
    [admin, reader] = await Promise.all([signedInStaff(baseUrl), signedInStaff(baseUrl, undefined, 'reader')]);
    for (let i = 0; i < RECIPIENTS; i += 6)
      applicants.push(...(await Promise.all(Array.from({ length: Math.min(6, RECIPIENTS - i) }, (_, j) => submittedApplicant(tag, i + j)))));
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

    const addresses = new Set(applicants.map((a) => a.username));
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
    expect(mails.map((m) => m.to).sort()).toEqual([...addresses].sort());
    const done = await admin.get<MailingDetail>(`/staff/api/mailings/${id}`);
    expect(done.body).toMatchObject({ state: 'sent', progress: { queued: 0, sent: RECIPIENTS, failed: 0, suppressed: 0 }, failures: [] });
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
  }, 180_000);
});

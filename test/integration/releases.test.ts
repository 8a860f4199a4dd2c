/**
 * Releasing decisions and the applicant's reply, on the real local stack over HTTP: decisions
 * are staged through the decision store and the office-status use-case (the decision routes are
 * another slice's), then an admin releases them now, at a time a few seconds ahead (the stack's
 * timers fire it), or cancels one; readers and deciders are refused and nothing is written. The
 * applicant sees `pending` until the release, then the letter (and its PDF, printed by the
 * renderer), replies once; the e-mail never states the decision; the events and the history
 * follow. Another applicant and a service token see nothing. A second stack, whose reply-by date
 * has passed, refuses a reply and releases every decided application at once.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { decisionsStore } from '#adapters/store/decisions-store';
import { officeStatusStore } from '#adapters/store/office-status-store';
import { readSubmitted } from '#adapters/store/submissions-index';
import { issueToken } from '#adapters/store/tokens-store';
import { changeOfficeStatus } from '#domain/lifecycle/history';
import { offerReplyBy } from '#domain/releases/reply-by';
import { institution } from '#form/institution';
import { timetable } from '#form/institution-cycles';
import { policies } from '#form/institution-policies';
import { dateInWords } from '#form/print';
import type { Decision } from '#form/wire/decision-words';
import { setConfig } from '#lambdas/config';
import { pdfFindableTag, pdfText } from '../fixtures/pdf-text';
import { completeApplication } from '../support/answers';
import { startChildStack, type ChildStack } from '../support/child-stack';
import { ApiClient, outbox, registeredApplicant } from '../support/client';
import { eventProblems } from '../support/event-schemas';
import { signedInStaff, type StaffClient } from '../support/staff';

interface ReleaseBody {
  id: string;
  at: string;
  state: string;
  ids?: string[];
  status?: string;
  released?: number;
  message?: string;
}
interface DecisionBody {
  status: string;
  decision?: string;
  released_at?: string;
  letter?: { title: string; paragraphs: string[]; download_url: string; in?: Record<string, { title: string; paragraphs: string[] }> };
  reply?: { options: string[]; by?: string; chosen?: string; replied_at?: string };
  message?: string;
}
interface PublishedEvent {
  'detail-type': string;
  detail: Record<string, string>;
}

type Applicant = ApiClient & { username: string };

/** A registered applicant who has submitted, with a name of their own. */
async function submittedApplicant(url: string, firstName: string): Promise<Applicant> {
  const a = await registeredApplicant(url);
  expect((await a.put('/api/answer', { ...completeApplication(), first_name: firstName })).status).toBe(200);
  expect((await a.post('/api/submit')).status).toBe(200);
  return a;
}

/** Stages a decision as the decision slice records one: the record, then the office status. */
async function stage(id: string, decision: Decision): Promise<void> {
  const current = await decisionsStore.readDecision(id);
  const record = {
    decision,
    note: 'Committee, round 1',
    decided_by: 'decider@example.edu',
    decided_at: new Date().toISOString(),
    version: (current?.version ?? 0) + 1,
  };
  expect(await decisionsStore.writeDecision(id, record, current?.version ?? 0)).toBe(true);
  await changeOfficeStatus({ ...officeStatusStore, readSubmitted }, { id, to: 'decided', staff: 'decider@example.edu', what: `Decision: ${decision}` });
}

/** The reply-by day of the test applications' offers: the configured day, or the day before their entry term begins (reply-by.ts). */
// The tests' timetable places every submission in the current cycle's one round: its reply-by day answers.
const offerBy = offerReplyBy({ ...policies.decisions, cycles: timetable.cycles }, completeApplication(), { cycle: 'current', round: 'rd' }) as string;
const events = async (url: string) => (await (await fetch(`${url}/_dev/events.json`)).json()) as PublishedEvent[];

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 30_000, everyMs = 250): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Words of a decision that an e-mail must never carry. */
const DECISION_WORDS = /admit|admission offer|congratulations|deny|denied|waitlist|defer|accept|decline|sorry/i;

describe('releasing decisions', () => {
  const baseUrl = inject('baseUrl');
  const tag = pdfFindableTag('Rel');
  const staff = {} as Record<'reader' | 'decider' | 'admin', StaffClient>;
  let ada: Applicant;
  let bea: Applicant;
  let cal: Applicant;
  let dee: Applicant;
  let eve: Applicant;

  beforeAll(async () => {
    setConfig({ dynamodbEndpoint: inject('dynamodbEndpoint'), s3Endpoint: inject('s3Endpoint') });
    [ada, bea, cal, dee, eve] = [
      await submittedApplicant(baseUrl, `Ada${tag}`),
      await submittedApplicant(baseUrl, `Bea${tag}`),
      await submittedApplicant(baseUrl, `Cal${tag}`),
      await submittedApplicant(baseUrl, `Dee${tag}`),
      await submittedApplicant(baseUrl, `Eve${tag}`),
    ];
    for (const role of ['reader', 'decider', 'admin'] as const) staff[role] = await signedInStaff(baseUrl, undefined, role);
    await stage(ada.subject, 'admit');
    await stage(bea.subject, 'waitlist');
    await stage(cal.subject, 'deny');
  }, 120_000);

  it('readers and deciders are refused every release route, and nothing is written', async () => {
    for (const role of ['reader', 'decider'] as const) {
      const tries = [
        await staff[role].post('/staff/api/releases', { ids: [ada.subject] }),
        await staff[role].get('/staff/api/releases'),
        await staff[role].delete('/staff/api/releases/0000000000123456789abc'),
      ];
      for (const res of tries)
        expect(res).toMatchObject({
          status: 403,
          body: { message: `Your staff role (${role}) does not allow this. Ask an admin of the office if you need it.` },
        });
    }
    expect((await decisionsStore.readDecision(ada.subject))?.released).toBeUndefined();
    expect((await ada.get<DecisionBody>('/api/decision')).body).toEqual({ status: 'pending' });
    const audit = await staff.admin.get<{ items: Array<{ staff: string; action: string }> }>('/staff/api/audit');
    // This file's reader and decider: other files' admins may schedule releases on the shared stack (staff-isolation does).
    const refused = [staff.reader.email, staff.decider.email];
    expect(audit.body.items.filter((i) => i.action.startsWith('release') && refused.includes(i.staff))).toEqual([]);
  });

  it('before the release the applicant sees pending, never the staged decision, and no letter', async () => {
    const res = await ada.get<DecisionBody>('/api/decision');
    expect(res).toMatchObject({ status: 200, body: { status: 'pending' } });
    expect(res.body).toEqual({ status: 'pending' });
    const letter = await fetch(`${baseUrl}/api/decision/letter/download`, { headers: { cookie: ada.cookieHeader }, redirect: 'manual' });
    expect(letter.status).toBe(404);
    const reply = await ada.post<DecisionBody>('/api/decision/reply', { reply: 'accept' });
    expect(reply.status).toBe(404);
    expect((await decisionsStore.readDecision(ada.subject))?.reply).toBeUndefined();
  });

  it('a release naming one application that is not decided releases nothing, and names it', async () => {
    const res = await staff.admin.post<ReleaseBody & { ids: string[] }>('/staff/api/releases', { ids: [ada.subject, dee.subject] });
    expect(res.status).toBe(409);
    expect(res.body.ids).toEqual([dee.subject]);
    expect(res.body.message).toContain(dee.subject);
    expect((await decisionsStore.readDecision(ada.subject))?.released).toBeUndefined();
    expect((await ada.get('/api/decision')).body).toEqual({ status: 'pending' });
    const bad = await staff.admin.post('/staff/api/releases', { ids: [ada.subject], status: 'decided' });
    expect(bad.status).toBe(400);
    const past = await staff.admin.post<ReleaseBody>('/staff/api/releases', { ids: [ada.subject], at: '2020-01-01T00:00:00Z' });
    expect(past).toMatchObject({ status: 400, body: { message: 'Give the release time as an ISO date and time in the future, like 2027-03-15T14:00:00Z.' } });
  });

  it('an admin releases now: the letter, the reply offered, an e-mail without the decision, the event and the history', async () => {
    const res = await staff.admin.post<ReleaseBody>('/staff/api/releases', { ids: [ada.subject, bea.subject] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'released', released: 2, ids: [ada.subject, bea.subject], created_by: staff.admin.email });

    const seen = await ada.get<DecisionBody>('/api/decision');
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ status: 'released', decision: 'admit', reply: { options: ['accept', 'decline'], by: offerBy } });
    expect(seen.body.letter?.title).toBe('Congratulations!');
    const words = seen.body.letter!.paragraphs.join('\n');
    expect(seen.body.letter!.paragraphs[0]).toBe(`Dear Ada${tag},`);
    expect(words).toContain(`${institution.name} for ${completeApplication().entry_term_desc}, to study Computer Science.`);
    expect(words).toContain(`by ${dateInWords(offerBy)}`);
    expect(words).not.toMatch(/\{\w+\}/);
    expect(seen.body.letter!.download_url).toBe('/api/decision/letter/download');
    // Beside it, the letter in each language the configuration writes it in (issue 41), filled in the same.
    expect(seen.body.letter?.in?.es?.title).toBe('¡Felicitaciones!');
    expect(seen.body.letter?.in?.es?.paragraphs[0]).toBe(`Estimado(a) Ada${tag}:`);
    expect(seen.body.letter?.in?.ar?.paragraphs.join(' ')).not.toMatch(/\{\w+\}/);
    const waitlisted = await bea.get<DecisionBody>('/api/decision');
    expect(waitlisted.body).toMatchObject({ decision: 'waitlist', reply: { options: ['join_waitlist', 'decline'] } });

    // The e-mail says an update is waiting, never what it is.
    for (const who of [ada, bea]) {
      const mails = (await outbox(baseUrl)).filter((m) => m.to === who.username && /update/i.test(m.subject));
      expect(mails).toHaveLength(1);
      expect(`${mails[0]!.subject}\n${mails[0]!.text}`).not.toMatch(DECISION_WORDS);
      expect(mails[0]!.link).toBe(`${baseUrl}/completion`);
    }

    const released = (await events(baseUrl)).filter((e) => e['detail-type'] === 'Decision Released' && [ada.subject, bea.subject].includes(e.detail.id!));
    const adaApp = await readSubmitted(ada.subject);
    expect(released.map((e) => e.detail).sort((x, y) => x.decision!.localeCompare(y.decision!))).toEqual([
      { version: 1, cycle: 'current', id: ada.subject, reference: adaApp!.reference, decision: 'admit' },
      { version: 1, cycle: 'current', id: bea.subject, reference: (await readSubmitted(bea.subject))!.reference, decision: 'waitlist' },
    ]);

    const detail = await staff.admin.get<{ office_status: string; history: Array<{ from: string; to: string; staff: string; what: string }> }>(
      `/staff/api/applications/${ada.subject}`,
    );
    expect(detail.body.office_status).toBe('released');
    expect(detail.body.history.map((h) => [h.from, h.to, h.staff])).toEqual([
      ['submitted', 'decided', 'decider@example.edu'],
      ['decided', 'released', staff.admin.email],
    ]);
    expect(detail.body.history[1]!.what).toBe('Released');

    // The letter's PDF, printed by the renderer (its idle-priority process prints the application
    // PDFs of this file's submissions first), behind a short-lived link.
    const link = await until(
      'the letter PDF',
      () => fetch(`${baseUrl}/api/decision/letter/download`, { headers: { cookie: ada.cookieHeader }, redirect: 'manual' }),
      (r) => r.status === 303,
      110_000,
      1_000,
    );
    const pdf = await fetch(link.headers.get('location')!);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="decision-${adaApp!.reference}.pdf"`);
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).text.replace(/\s+/g, ' ');
    expect(text).toContain(`Dear Ada${tag}`);
    expect(text).toContain('Congratulations!');
    expect(text).toContain(dateInWords(offerBy));

    // Releasing again: both are released already.
    const again = await staff.admin.post<ReleaseBody & { ids: string[] }>('/staff/api/releases', { ids: [ada.subject] });
    expect(again).toMatchObject({ status: 409, body: { ids: [ada.subject] } });
  }, 150_000);

  it('the applicant replies once, with an option their decision offers; the event follows', async () => {
    const wrong = await ada.post<DecisionBody>('/api/decision/reply', { reply: 'join_waitlist' });
    expect(wrong).toMatchObject({
      status: 409,
      body: { message: 'Your decision does not offer this reply. Choose one of the replies shown with your letter.' },
    });
    const unknown = await ada.post<DecisionBody>('/api/decision/reply', { reply: 'maybe' });
    expect(unknown).toMatchObject({ status: 400, body: { message: 'Choose one of the replies offered.' } });
    const accepted = await ada.post<DecisionBody>('/api/decision/reply', { reply: 'accept' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.reply).toMatchObject({ options: ['accept', 'decline'], chosen: 'accept', replied_at: expect.stringMatching(/^\d{4}-/) });
    const twice = await ada.post<DecisionBody>('/api/decision/reply', { reply: 'decline' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toMatch(/^You have already replied \(Accept the offer, \d{4}-\d\d-\d\d\)/);
    expect((await ada.get<DecisionBody>('/api/decision')).body.reply?.chosen).toBe('accept');
    expect((await decisionsStore.readDecision(ada.subject))?.reply?.choice).toBe('accept');

    expect((await bea.post<DecisionBody>('/api/decision/reply', { reply: 'join_waitlist' })).status).toBe(200);
    const replies = (await events(baseUrl)).filter(
      (e) => [ada.subject, bea.subject].includes(e.detail.id!) && ['Offer Accepted', 'Offer Declined', 'Waitlist Joined'].includes(e['detail-type']),
    );
    expect(replies.map((e) => [e['detail-type'], e.detail.id, e.detail.reply])).toEqual([
      ['Offer Accepted', ada.subject, 'accept'],
      ['Waitlist Joined', bea.subject, 'join_waitlist'],
    ]);
    // Every event the stack has published so far (submissions, PDFs, releases, replies), as docs/events/ describes them.
    expect(eventProblems(await events(baseUrl))).toEqual([]);
  });

  it('a release scheduled a few seconds ahead is listed, then fires on its own', async () => {
    const at = new Date(Date.now() + 3_000).toISOString();
    const res = await staff.admin.post<ReleaseBody>('/staff/api/releases', { ids: [cal.subject], at });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'scheduled', at, ids: [cal.subject] });
    const pending = await staff.admin.get<{ items: ReleaseBody[] }>('/staff/api/releases');
    expect(pending.body.items.map((r) => r.id)).toContain(res.body.id);
    expect((await cal.get('/api/decision')).body).toEqual({ status: 'pending' });

    const seen = await until(
      'the scheduled release',
      () => cal.get<DecisionBody>('/api/decision'),
      (r) => r.body.status === 'released',
      20_000,
    );
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(at));
    expect(seen.body).toMatchObject({ decision: 'deny', reply: { options: [] } });
    expect(seen.body.reply?.by).toBeUndefined();
    expect((await cal.post<DecisionBody>('/api/decision/reply', { reply: 'accept' })).body.message).toBe('Your decision does not ask for a reply.');
    await until(
      'off the pending list',
      () => staff.admin.get<{ items: ReleaseBody[] }>('/staff/api/releases'),
      (r) => !r.body.items.some((x) => x.id === res.body.id),
    );
    const cancel = await staff.admin.delete(`/staff/api/releases/${res.body.id}`);
    expect(cancel).toMatchObject({ status: 409, body: { message: 'This release has already run (or started), so it cannot be cancelled.' } });
    const mail = (await outbox(baseUrl)).filter((m) => m.to === cal.username && /update/i.test(m.subject));
    expect(mail).toHaveLength(1);
    expect(`${mail[0]!.subject}\n${mail[0]!.text}`).not.toMatch(DECISION_WORDS);
  }, 60_000);

  it('a cancelled release never runs', async () => {
    await stage(dee.subject, 'defer');
    const at = new Date(Date.now() + 2_500).toISOString();
    const res = await staff.admin.post<ReleaseBody>('/staff/api/releases', { ids: [dee.subject], at });
    expect(res.status).toBe(200);
    const cancel = await staff.admin.delete<{ message: string }>(`/staff/api/releases/${res.body.id}`);
    expect(cancel).toMatchObject({ status: 200, body: { message: 'The release is cancelled.' } });
    expect((await staff.admin.get<{ items: ReleaseBody[] }>('/staff/api/releases')).body.items.map((r) => r.id)).not.toContain(res.body.id);
    await new Promise((r) => setTimeout(r, 4_500));
    expect((await dee.get('/api/decision')).body).toEqual({ status: 'pending' });
    expect((await decisionsStore.readDecision(dee.subject))?.released).toBeUndefined();
    expect((await staff.admin.delete(`/staff/api/releases/${'0'.repeat(9)}${'a'.repeat(12)}`)).status).toBe(404);
    expect((await staff.admin.delete('/staff/api/releases/not-an-id')).status).toBe(400);
    const audit = await staff.admin.get<{ items: Array<{ staff: string; action: string; detail?: Record<string, string> }> }>('/staff/api/audit');
    expect(audit.body.items.find((i) => i.action === 'release.cancel' && i.detail?.release === res.body.id)?.staff).toBe(staff.admin.email);
  }, 30_000);

  it('another applicant and a service token see nothing of a decision', async () => {
    expect((await eve.get('/api/decision')).body).toEqual({ status: 'pending' });
    const letter = await fetch(`${baseUrl}/api/decision/letter/download`, { headers: { cookie: eve.cookieHeader }, redirect: 'manual' });
    expect(letter.status).toBe(404);
    const token = await issueToken({ kind: 'service', sub: ada.subject }, 60);
    for (const path of ['/api/decision', '/api/decision/letter/download']) {
      const res = await fetch(`${baseUrl}${path}?service_token=${token}`, { headers: { accept: 'application/json' }, redirect: 'manual' });
      expect(res.status, path).toBe(401);
    }
    const view = await fetch(`${baseUrl}/service/tmp-pdf?service_token=${await issueToken({ kind: 'service', sub: ada.subject }, 60)}`);
    expect(view.status).toBe(200);
    // The application's own round may say "Decision" (Regular Decision): the names of the rounds are not a decision.
    const rounds = timetable.cycles.flatMap((c) => c.rounds.map((r) => r.label));
    const text = rounds.reduce((t, label) => t.replaceAll(label, ''), await view.text());
    expect(text).not.toMatch(/decision|released|Committee|Congratulations/i);
    const noSession = await new ApiClient(baseUrl).post('/api/decision/reply', { reply: 'accept' });
    expect(noSession.status).toBe(401);
  });
});

describe('after the reply-by date, and releasing every decided application', () => {
  let stack: ChildStack;
  let admin: StaffClient;

  beforeAll(async () => {
    stack = await startChildStack({ env: { DECISION_REPLY_BY: '2020-05-01' } });
    setConfig({ dynamodbEndpoint: stack.dynamodbEndpoint, s3Endpoint: stack.s3Endpoint });
    admin = await signedInStaff(stack.url, undefined, 'admin');
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('releases every decided application at once; a reply after the date is refused in words and nothing is written', async () => {
    const one = await submittedApplicant(stack.url, 'Fay');
    const two = await submittedApplicant(stack.url, 'Gus');
    const three = await submittedApplicant(stack.url, 'Hal');
    await stage(one.subject, 'admit');
    await stage(two.subject, 'waitlist');
    const res = await admin.post<ReleaseBody>('/staff/api/releases', { status: 'decided' });
    expect(res.body).toMatchObject({ state: 'released', released: 2, status: 'decided' });
    expect((await three.get('/api/decision')).body).toEqual({ status: 'pending' });

    const seen = await one.get<DecisionBody>('/api/decision');
    expect(seen.body).toMatchObject({ status: 'released', decision: 'admit', reply: { options: ['accept', 'decline'], by: '2020-05-01' } });
    expect(seen.body.letter!.paragraphs.join(' ')).toContain('by May 1, 2020');
    const late = await one.post<DecisionBody>('/api/decision/reply', { reply: 'accept' });
    expect(late).toMatchObject({
      status: 409,
      body: { message: `Replies were accepted until May 1, 2020. Write to ${institution.helpEmail} if you still wish to reply.` },
    });
    expect((await decisionsStore.readDecision(one.subject))?.reply).toBeUndefined();
    expect((await events(stack.url)).filter((e) => e['detail-type'] === 'Offer Accepted')).toEqual([]);

    const nothing = await admin.post<ReleaseBody>('/staff/api/releases', { status: 'decided' });
    expect(nothing).toMatchObject({ status: 409, body: { message: 'No application is decided, so there is nothing to release.' } });
  }, 90_000);
});

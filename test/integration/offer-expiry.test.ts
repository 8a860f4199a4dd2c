/**
 * Offers that expire, on the real local stack over HTTP (issue 37, item 4): a stack on a timetable
 * of its own, with an early round whose offers are answered by a day ten days away and a regular
 * round after it. An admit released in the early round is left unanswered; the sweep at
 * `/_dev/cycles/sweep` as of its reply-by day changes nothing, as of the day after it declines the
 * offer: the applicant's status page says it expired, the e-mail says only that an update is
 * waiting, the event `Offer Expired` is published, and a second sweep changes nothing. A deferral
 * released in the early round moves the application into the regular round, back into review.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decisionsStore } from '#adapters/store/decisions-store';
import { officeStatusStore } from '#adapters/store/office-status-store';
import { readSubmitted } from '#adapters/store/submissions-index';
import { changeOfficeStatus } from '#domain/lifecycle/history';
import { offerReplyBy } from '#domain/releases/reply-by';
import type { Decision } from '#form/wire/decision-words';
import { main as runCycles } from '../../scripts/cycles';
import { completeApplication } from '../support/answers';
import { outbox, registeredApplicant, type ApiClient } from '../support/client';
import { eventProblems } from '../support/event-schemas';
import { signedInStaff, type StaffClient } from '../support/staff';
import { cycleAround } from '../support/test-timetable';
import { startStackOnTimetable, type TimetableStack } from '../support/timetable-stack';

interface SweepBody {
  dryRun: boolean;
  expired: number;
  answered: number;
  failed: number;
  deferred: number;
}
interface DecisionBody {
  status: string;
  decision?: string;
  letter?: { paragraphs: string[] };
  reply?: { options: string[]; by?: string; chosen?: string; expired?: boolean };
}
interface PublishedEvent {
  'detail-type': string;
  detail: Record<string, string>;
}

let stack: TimetableStack;
let admin: StaffClient;

beforeAll(async () => {
  stack = await startStackOnTimetable('offer-expiry', (clock) => [
    cycleAround(clock, {
      id: 'current',
      label: 'This cycle',
      opens: -30,
      rounds: [
        { id: 'early', label: 'Early Round', deadline: 3, decisionDate: 5, replyBy: 10 },
        { id: 'regular', label: 'Regular Round', deadline: 60, decisionDate: 80, replyBy: 100 },
      ],
    }),
    cycleAround(clock, {
      id: 'next',
      label: 'Next cycle',
      opens: 200,
      rounds: [{ id: 'regular', label: 'Regular Round', deadline: 300, decisionDate: 310, replyBy: 330 }],
    }),
  ]);
  admin = await signedInStaff(stack.url, undefined, 'admin');
}, 120_000);

afterAll(() => stack?.stop());

async function submittedInRound(firstName: string, round: string): Promise<ApiClient & { username: string }> {
  const a = await registeredApplicant(stack.url);
  expect((await a.put('/api/answer', { ...completeApplication(), first_name: firstName, application_round: round })).status).toBe(200);
  expect((await a.post('/api/submit')).status).toBe(200);
  return a;
}

/** Stages a decision as the decision slice records one: the record, then the office status. */
async function stage(id: string, decision: Decision): Promise<void> {
  const record = { decision, note: '', decided_by: 'decider@example.edu', decided_at: new Date().toISOString(), version: 1 };
  expect(await decisionsStore.writeDecision(id, record, 0)).toBe(true);
  await changeOfficeStatus({ ...officeStatusStore, readSubmitted }, { id, to: 'decided', staff: 'decider@example.edu', what: `Decision: ${decision}` });
}

async function sweep(body: Record<string, unknown>): Promise<SweepBody> {
  const res = await fetch(`${stack.url}/_dev/cycles/sweep`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return (await res.json()) as SweepBody;
}
const events = async () => (await (await fetch(`${stack.url}/_dev/events.json`)).json()) as PublishedEvent[];

describe('an offer nobody answers', () => {
  it('expires on the day after its round\u2019s reply-by day, once: the status page, the e-mail, the event, the history', { timeout: 120_000 }, async () => {
    const ada = await submittedInRound('Ada', 'early');
    expect((await readSubmitted(ada.subject))?.placement).toEqual({ cycle: 'current', round: 'early', late: false });
    await stage(ada.subject, 'admit');
    expect((await admin.post('/staff/api/releases', { ids: [ada.subject] })).status).toBe(200);
    const replyBy = offerReplyBy({ cycles: stack.cycles }, completeApplication(), { cycle: 'current', round: 'early' })!;
    const seen = await ada.get<DecisionBody>('/api/decision');
    expect(seen.body.reply).toMatchObject({ options: ['accept', 'decline'], by: replyBy });

    const dayAfter = new Date(Date.parse(`${replyBy}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    // A dry run as of the day after counts it and changes nothing; as of the reply-by day itself nothing is due.
    expect(await sweep({ as_of: dayAfter, dry_run: true })).toEqual({ dryRun: true, expired: 1, answered: 0, failed: 0, deferred: 0 });
    expect(await sweep({ as_of: replyBy })).toEqual({ dryRun: false, expired: 0, answered: 0, failed: 0, deferred: 0 });
    expect((await decisionsStore.readDecision(ada.subject))?.reply).toBeUndefined();

    const mailsBefore = (await outbox(stack.url)).filter((m) => m.to === ada.username).length;
    expect(await sweep({ as_of: dayAfter })).toEqual({ dryRun: false, expired: 1, answered: 0, failed: 0, deferred: 0 });

    const after = await ada.get<DecisionBody>('/api/decision');
    expect(after.body).toMatchObject({ status: 'released', decision: 'admit', reply: { chosen: 'decline', expired: true, by: replyBy } });
    expect(after.body.letter!.paragraphs.at(-1)).toMatch(/^The offer of admission expired on .+: no reply was received by its reply-by date\.$/);
    const refused = await ada.post<{ message: string }>('/api/decision/reply', { reply: 'accept' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^Your offer expired: no reply was received by /);

    const mails = (await outbox(stack.url)).filter((m) => m.to === ada.username);
    expect(mails).toHaveLength(mailsBefore + 1);
    const mail = mails.at(-1)!;
    expect(mail.text).toContain('There is an update to your');
    expect(`${mail.subject} ${mail.text}`).not.toMatch(/admit|admission offer|congratulations|expired|declin|accept/i);

    const expired = (await events()).filter((e) => e['detail-type'] === 'Offer Expired');
    expect(expired).toHaveLength(1);
    expect(expired[0]!.detail).toMatchObject({ id: ada.subject, decision: 'admit', reply: 'decline', reply_by: replyBy });
    // This stack's events, Offer Expired among them, as the schemas in docs/events/ describe them.
    expect(eventProblems(await events())).toEqual([]);

    const history = await officeStatusStore.readHistory(ada.subject);
    expect(history.at(-1)).toMatchObject({ from: 'released', to: 'released', staff: 'system' });
    expect((await readSubmitted(ada.subject))?.reply).toBe('expired');

    // A second sweep changes nothing.
    const record = await decisionsStore.readDecision(ada.subject);
    expect(await sweep({ as_of: dayAfter })).toEqual({ dryRun: false, expired: 0, answered: 0, failed: 0, deferred: 0 });
    expect(await decisionsStore.readDecision(ada.subject)).toEqual(record);
    expect(await officeStatusStore.readHistory(ada.subject)).toHaveLength(history.length);
    expect((await outbox(stack.url)).filter((m) => m.to === ada.username)).toHaveLength(mailsBefore + 1);
    expect((await events()).filter((e) => e['detail-type'] === 'Offer Expired')).toHaveLength(1);
  });

  it(
    'a deferral released in the early round moves the application into the regular round, back into review; admitted there, its offer expires after the regular reply-by day',
    { timeout: 60_000 },
    async () => {
      const bea = await submittedInRound('Bea', 'early');
      await stage(bea.subject, 'defer');
      expect((await admin.post('/staff/api/releases', { ids: [bea.subject] })).status).toBe(200);
      const app = await readSubmitted(bea.subject);
      expect(app?.placement).toEqual({ cycle: 'current', round: 'regular', late: false });
      expect(app?.officeStatus).toBe('in_review');
      expect((await officeStatusStore.readHistory(bea.subject)).at(-1)).toMatchObject({
        from: 'released',
        to: 'in_review',
        what: 'Deferred: moved from Early Round to Regular Round',
      });
      expect((await bea.get<DecisionBody>('/api/decision')).body).toMatchObject({ status: 'released', decision: 'defer' });

      // Read again in the regular round and admitted there: its offer answers by the regular round's
      // reply-by day, and expires after it when nobody replies (the journey, early to expired).
      const admitted = await admin.put<{ message: string }>(`/staff/api/applications/${bea.subject}/decision`, { decision: 'admit', note: '' });
      expect(admitted.status, JSON.stringify(admitted.body)).toBe(200);
      expect((await admin.post('/staff/api/releases', { ids: [bea.subject] })).status).toBe(200);
      const replyBy = offerReplyBy({ cycles: stack.cycles }, completeApplication(), { cycle: 'current', round: 'regular' })!;
      expect(replyBy).not.toBe(offerReplyBy({ cycles: stack.cycles }, completeApplication(), { cycle: 'current', round: 'early' }));
      expect((await bea.get<DecisionBody>('/api/decision')).body).toMatchObject({ decision: 'admit', reply: { options: ['accept', 'decline'], by: replyBy } });
      const dayAfter = new Date(Date.parse(`${replyBy}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      // This time through the office's command, `npm run cycles -- sweep --as-of` (scripts/cycles.ts).
      const printed: string[] = [];
      const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => printed.push(String(chunk)) > 0);
      try {
        expect(await runCycles(['sweep', '--as-of', dayAfter, '--url', stack.url])).toBe(0);
      } finally {
        write.mockRestore();
      }
      expect(printed.join('')).toContain(`Swept as of the end of ${dayAfter}:\n  offers expired (declined, no reply by the reply-by date): 1\n`);
      expect((await bea.get<DecisionBody>('/api/decision')).body).toMatchObject({
        decision: 'admit',
        reply: { chosen: 'decline', expired: true, by: replyBy },
      });
    },
  );
});

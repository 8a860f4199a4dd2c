/**
 * The messages' ports in memory, answering as the adapters do: conditional puts and updates
 * refused (false) rather than overwriting, the ledger's claim taken once. A `crashAfter` hook
 * stops a delivery at a chosen step, as a sender killed mid-send would.
 */
import { timetable } from '#form/institution-cycles';
import type { ApplicantMessage } from '#form/wire/messages';
import { memoryAudit } from '../memory-audit.test-support';
import type { DraftApplication } from '../ports/in-progress';
import type { OutgoingMail } from '../ports/mail';
import type { ApplicantMessages, LedgerRow, StoredMailing } from '../ports/messages';
import type { SubmittedApplication } from '../ports/submissions';
import type { Suppressions, UnsubscribeTokens } from '../ports/suppression';
import type { SendMailingPorts, TestMailingPorts } from './mailings';
import type { DeliveryPorts, SendingPorts } from './sending';
import { memorySuppression } from './suppression.test-support';

/** The test timetable's first cycle and round (test/support/test-timetable.ts: computed from today). */
export const CYCLE = timetable.cycles[0]!;
export const ROUND = CYCLE.rounds[0]!;
export const NOW = new Date(`${CYCLE.opens}T12:00:00.000Z`);

export const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function submitted(n: number, extra: Partial<SubmittedApplication> = {}): SubmittedApplication {
  return {
    id: id(n),
    reference: `REF${String(n).padStart(5, '0')}`,
    email: `a${n}@example.com`,
    submittedAt: new Date(NOW.getTime() - n * 60_000).toISOString(),
    answers: { first_name: `Ada${n}`, last_name: `Last${n}` },
    officeStatus: 'submitted',
    placement: { cycle: CYCLE.id, round: ROUND.id, late: false },
    ...extra,
  };
}

export type Step = 'claimed' | 'stored';

/** An application in progress in the test cycle: a first name typed, the rest of the form to do. */
export const draft = (n: number): DraftApplication => ({
  id: id(100 + n),
  answers: { first_name: `Bea${n}` },
  email: `d${n}@example.com`,
  startedAt: NOW.toISOString(),
  updatedAt: NOW.toISOString(),
  submitted: false,
});

/**
 * `inProgress`: the applications in progress the list finds (the test cycle's), and the language
 * saved on each one's account (by application id; none: never chosen).
 */
export function messagesWorld(apps: SubmittedApplication[], inProgress: { drafts?: DraftApplication[]; languages?: Record<string, string> } = {}) {
  const drafts = inProgress.drafts ?? [];
  const { audit, records } = memoryAudit();
  const mailings = new Map<string, StoredMailing>();
  const ledger = new Map<string, LedgerRow>();
  const messages = new Map<string, Array<ApplicantMessage & { mailing: string }>>();
  const outbox: OutgoingMail[] = [];
  const queued: Array<{ mailing: string; application: string }> = [];
  const started: string[] = [];
  const alarms: string[] = [];
  const counts = new Map<string, number>();
  const suppression = memorySuppression();
  const state = { now: NOW, crashAfter: undefined as Step | undefined, refuse: 0, dailyCap: 3 };
  const key = (m: string, a: string) => `${m}/${a}`;
  const crash = (step: Step) => {
    if (state.crashAfter === step) {
      state.crashAfter = undefined;
      throw new Error(`killed after ${step}`);
    }
  };

  const ports: SendMailingPorts &
    TestMailingPorts &
    SendingPorts &
    DeliveryPorts & { messages: ApplicantMessages; suppressions: Suppressions; tokens: UnsubscribeTokens } = {
    get dailyCap() {
      return state.dailyCap;
    },
    timetable,
    origin: 'https://apply.example.edu',
    now: () => state.now,
    audit,
    querySubmissions: (filters: { status?: string; round?: string }, limit: number, start?: Record<string, unknown>) => {
      const all = apps.filter(
        (a) => (filters.status ? a.officeStatus === filters.status : a.officeStatus !== 'released') && (!filters.round || a.placement?.round === filters.round),
      );
      const from = typeof start?.at === 'number' ? start.at : 0;
      const items = all.slice(from, from + limit);
      return Promise.resolve(from + limit < all.length ? { items, next: { at: from + limit } } : { items });
    },
    queryInProgress: (cycle: string, _limit: number, after?: string) => Promise.resolve({ ids: cycle === CYCLE.id && !after ? drafts.map((d) => d.id) : [] }),
    readDraft: (draftId: string) => Promise.resolve(structuredClone(drafts.find((d) => d.id === draftId))),
    languageOf: (application: string) => Promise.resolve(inProgress.languages?.[application]),
    readApplicantRecord: (sub: string) =>
      Promise.resolve({ answers: apps.find((a) => a.id === sub)?.answers ?? {}, documents: [], supplements: [], submittedAt: NOW.toISOString() }),
    mailings: {
      createMailing: (m: StoredMailing) => (mailings.set(m.id, structuredClone(m)), Promise.resolve()),
      readMailing: (id: string) => Promise.resolve(structuredClone(mailings.get(id))),
      listMailings: () => Promise.resolve([...mailings.values()].sort((a, b) => b.id.localeCompare(a.id)).map((m) => structuredClone(m))),
      updateMailing: (id: string, from: string, change: Partial<StoredMailing>) => {
        const m = mailings.get(id);
        if (!m || m.state !== from) return Promise.resolve(false);
        mailings.set(id, { ...m, ...change });
        return Promise.resolve(true);
      },
    },
    ledger: {
      queueRecipient: (row: LedgerRow) => {
        if (ledger.has(key(row.mailing, row.application))) return Promise.resolve(false);
        ledger.set(key(row.mailing, row.application), { ...row });
        return Promise.resolve(true);
      },
      readRow: (m: string, a: string) => Promise.resolve(structuredClone(ledger.get(key(m, a)))),
      listRows: (m: string) => Promise.resolve([...ledger.values()].filter((r) => r.mailing === m).map((r) => ({ ...r }))),
      claimRow: (m: string, a: string, at: Date) => {
        const row = ledger.get(key(m, a));
        if (row?.state !== 'queued') return Promise.resolve(false);
        ledger.set(key(m, a), { ...row, state: 'sending', at: at.toISOString() });
        crash('claimed');
        return Promise.resolve(true);
      },
      finishRow: (m: string, a: string, outcome: { state: string; reason?: string; messageId?: string }, at: Date) => {
        const row = ledger.get(key(m, a));
        if (row?.state !== 'sending') return Promise.resolve();
        ledger.set(key(m, a), {
          ...row,
          state: outcome.state as LedgerRow['state'],
          at: at.toISOString(),
          ...(outcome.reason ? { reason: outcome.reason } : {}),
          ...(outcome.messageId ? { message_id: outcome.messageId } : {}),
        });
        return Promise.resolve();
      },
      requeueRow: (m: string, a: string, reason: string, at: Date) => {
        const row = ledger.get(key(m, a));
        if (row?.state === 'sending') ledger.set(key(m, a), { ...row, state: 'queued', reason, attempts: row.attempts + 1, at: at.toISOString() });
        return Promise.resolve();
      },
    },
    messages: {
      putMessage: (a: string, message: ApplicantMessage & { mailing: string }) => {
        const list = (messages.get(a) ?? []).filter((x) => x.mailing !== message.mailing);
        messages.set(a, [...list, message]);
        crash('stored');
        return Promise.resolve();
      },
      hasMessage: (a: string, m: string) => Promise.resolve((messages.get(a) ?? []).some((x) => x.mailing === m)),
      listMessages: (a: string) =>
        Promise.resolve((messages.get(a) ?? []).map(({ mailing: _m, ...m }) => m).sort((x, y) => y.sent_at.localeCompare(x.sent_at))),
    },
    queue: {
      start: (mailing: string) => (started.push(mailing), Promise.resolve()),
      enqueue: (mailing: string, applications: readonly string[]) => {
        for (const application of applications) queued.push({ mailing, application });
        return Promise.resolve();
      },
    },
    sendMail: (mail: OutgoingMail) => {
      if (state.refuse > 0) {
        state.refuse -= 1;
        return Promise.reject(new Error('Throttling: Maximum sending rate exceeded.'));
      }
      outbox.push(mail);
      return Promise.resolve(`msg-${outbox.length}`);
    },
    limiter: {
      hit: (scope: string, k: string, _window: number, limit: number) => {
        const n = (counts.get(`${scope}/${k}`) ?? 0) + 1;
        if (n > limit) return Promise.resolve({ allowed: false, retryAt: '2026-10-21T00:00:00.000Z' });
        counts.set(`${scope}/${k}`, n);
        return Promise.resolve({ allowed: true, retryAt: '2026-10-21T00:00:00.000Z' });
      },
    },
    start: (mailing: string) => (started.push(mailing), Promise.resolve()),
    alarm: { capReached: () => void alarms.push('cap') },
    suppressions: suppression.suppressions,
    tokens: suppression.unsubscribeTokens,
  };
  return { ports, records, mailings, ledger, messages, outbox, queued, started, state, alarms, suppression };
}

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { policies } from '#form/institution-policies';
import type { Decision } from '#form/wire/decision-words';
import type { SubmissionEvent } from '#form/wire/events';
import type { AuditRecord } from '../ports/audit';
import { officeReplyOf, type DecisionRecord } from '../ports/decisions';
import type { SubmittedApplication } from '../ports/submissions';
import { replyToDecision, type ReplyPorts } from '../releases/applicant';
import { MemoryDecisions, MemoryMail, MemoryOfficeStatus } from '../releases/memory.test-support';
import { endOfDayIn, expireOffers, type ExpiryPorts } from './expiry';
import { chicagoTimetable } from './timetables.test-support';

const ROUNDS = [
  { id: 'ea', label: 'Early Action', deadline: '2026-11-01', decisionDate: '2026-12-15', replyBy: '2027-01-15' },
  { id: 'rd', label: 'Regular Decision', deadline: '2027-01-15', decisionDate: '2027-03-15', replyBy: '2027-05-01' },
];
const TIMETABLE = chicagoTimetable(ROUNDS);
const ZONE = TIMETABLE.timeZone;
/** The first moment after January 15, 2027 in Chicago (06:00 UTC). */
const DEADLINE = new Date('2027-01-16T06:00:00.000Z');

/** A world of submitted Early Action applications with released decisions, and the index's copies as the store keeps them. */
function world(decisions: Record<string, Decision>) {
  const store = new MemoryDecisions();
  const office = new MemoryOfficeStatus();
  const mail = new MemoryMail();
  const published: SubmissionEvent[] = [];
  const audits: Array<Pick<AuditRecord, 'action' | 'application' | 'detail'> & { at: string }> = [];
  const auditKeys = new Set<string>();
  const letters: string[] = [];
  const apps = new Map<string, SubmittedApplication>();
  for (const [i, [id, decision]] of Object.entries(decisions).entries()) {
    apps.set(id, {
      id,
      reference: `REF${i}`,
      email: `${id}@example.com`,
      submittedAt: '2026-10-20T10:00:00.000Z',
      answers: { first_name: `First${i}`, entry_term: '2027FA' },
      officeStatus: 'released',
      placement: { cycle: '2027', round: 'ea', late: false },
    });
    store.records.set(id, {
      decision,
      note: 'committee note',
      decided_by: 'decider@example.edu',
      decided_at: '2026-12-01T00:00:00.000Z',
      released: { decision, at: '2026-12-15T15:00:00.000Z', release_id: 'r1' },
      version: 2,
    });
    office.histories.set(id, [
      { seq: 1, at: '2026-12-01T00:00:00.000Z', staff: 'decider@example.edu', from: 'submitted', to: 'decided', what: 'Decision' },
      { seq: 2, at: '2026-12-15T15:00:00.000Z', staff: 'admin@example.edu', from: 'decided', to: 'released', what: 'Released' },
    ]);
  }
  /** The index's query: released, an offer that asks a reply, and no reply in the list's copy. */
  async function* listOpenOffers(): AsyncIterable<SubmittedApplication> {
    for (const app of apps.values()) {
      const record = await store.readDecision(app.id);
      const copy = officeReplyOf(record?.reply, record?.expiring);
      if (record && ['admit', 'waitlist'].includes(record.decision) && office.status(app.id) === 'released' && !copy) yield app;
    }
  }
  const ports: ExpiryPorts = {
    listOpenOffers,
    decisions: store,
    office,
    readSubmitted: (id) => Promise.resolve(apps.get(id)),
    mail,
    publish: (event) => (published.push(event), Promise.resolve(true)),
    // The store's put is conditional on a new key: a record already under the same key is left as it is.
    audit: (record, at, once?: string) => {
      const key = `${at.toISOString()}#${once ?? randomUUID()}`;
      if (!auditKeys.has(key)) audits.push({ ...record, at: at.toISOString() });
      auditKeys.add(key);
      return Promise.resolve();
    },
    requestLetter: (id) => (letters.push(id), Promise.resolve()),
    origin: 'https://apply.example.edu',
    settings: { replyBy: '2027-05-01', cycles: TIMETABLE.cycles, timeZone: ZONE },
  };
  return { ports, store, office, mail, published, audits, letters, apps };
}

describe('offers that expire', () => {
  it("leave an offer alone through the last moment of its round's reply-by day on the institution's clock", async () => {
    const w = world({ ada: 'admit' });
    // 23:59:59.999 on January 15 in Chicago is 05:59:59.999 UTC on the 16th.
    const result = await expireOffers(w.ports, new Date(DEADLINE.getTime() - 1));
    expect(result).toEqual({ dryRun: false, expired: 0, answered: 0, failed: 0, deferred: 0 });
    expect(w.store.records.get('ada')?.reply).toBeUndefined();
    expect(endOfDayIn('2027-01-15', ZONE)).toEqual(new Date(DEADLINE.getTime() - 1));
  });

  it('decline it the day after: the record, a history entry, the audit in the name of the system, an e-mail without the decision, the event, the letter', async () => {
    const w = world({ ada: 'admit', bea: 'waitlist', cal: 'deny', dee: 'defer' });
    const result = await expireOffers(w.ports, DEADLINE);
    expect(result).toEqual({ dryRun: false, expired: 2, answered: 0, failed: 0, deferred: 0 });
    const ada = w.store.records.get('ada')!;
    expect(ada.reply).toEqual({ choice: 'decline', at: DEADLINE.toISOString(), expired: true });
    expect(ada.expiring).toBeUndefined();
    expect(officeReplyOf(ada.reply, ada.expiring)).toBe('expired');
    expect(w.office.histories.get('ada')!.at(-1)).toMatchObject({
      seq: 3,
      from: 'released',
      to: 'released',
      staff: 'system',
      at: DEADLINE.toISOString(),
      what: 'Offer expired: no reply by the reply-by date, declined automatically',
    });
    expect(w.audits).toContainEqual({
      action: 'offer.expire',
      application: 'ada',
      detail: { decision: 'admit', reply_by: '2027-01-15' },
      at: DEADLINE.toISOString(),
    });
    expect(w.mail.sent.map((m) => m.to).sort()).toEqual(['ada@example.com', 'bea@example.com']);
    for (const mail of w.mail.sent) {
      expect(mail.text).toContain('There is an update to your');
      expect(mail.link).toBe('https://apply.example.edu/completion');
      expect(`${mail.subject} ${mail.text}`).not.toMatch(/admit|waitlist|expired|declin|congratulations/i);
    }
    expect(w.published).toContainEqual({
      type: 'Offer Expired',
      detail: {
        version: 1,
        cycle: '2027',
        id: 'bea',
        reference: 'REF1',
        decision: 'waitlist',
        reply: 'decline',
        reply_by: '2027-01-15',
        expired_at: DEADLINE.toISOString(),
      },
    });
    expect(w.letters.sort()).toEqual(['ada', 'bea']);
    // A deny and a deferral ask for no reply: nothing happens to them.
    expect(w.store.records.get('cal')?.reply).toBeUndefined();
    expect(w.office.histories.get('dee')).toHaveLength(2);
  });

  it('take the round: an application of the regular round keeps its offer open until its own day', async () => {
    const w = world({ ada: 'admit' });
    w.apps.get('ada')!.placement = { cycle: '2027', round: 'rd', late: false };
    expect((await expireOffers(w.ports, DEADLINE)).expired).toBe(0);
    expect((await expireOffers(w.ports, endOfDayIn('2027-05-02', ZONE))).expired).toBe(1);
  });

  it('change nothing on a second sweep', async () => {
    const w = world({ ada: 'admit' });
    await expireOffers(w.ports, DEADLINE);
    const before = { record: structuredClone(w.store.records.get('ada')), history: w.office.histories.get('ada')!.length, writes: w.store.writes };
    const again = await expireOffers(w.ports, new Date(DEADLINE.getTime() + 86_400_000));
    expect(again).toEqual({ dryRun: false, expired: 0, answered: 0, failed: 0, deferred: 0 });
    expect(w.store.records.get('ada')).toEqual(before.record);
    expect(w.store.writes).toBe(before.writes);
    expect(w.office.histories.get('ada')).toHaveLength(before.history);
    expect(w.mail.sent).toHaveLength(1);
    expect(w.published).toHaveLength(1);
    expect(w.audits).toHaveLength(1);
  });

  it('count what they would do in a dry run, and write, mail and publish nothing', async () => {
    const w = world({ ada: 'admit', bea: 'waitlist' });
    const result = await expireOffers(w.ports, DEADLINE, { dryRun: true });
    expect(result).toEqual({ dryRun: true, expired: 2, answered: 0, failed: 0, deferred: 0 });
    expect(w.store.writes).toBe(0);
    expect(w.office.histories.get('ada')).toHaveLength(2);
    expect([w.mail.sent, w.published, w.audits, w.letters]).toEqual([[], [], [], []]);
  });

  it('finish on the next sweep what a sweep stopped midway left (the mail refused), sending each thing once', async () => {
    const w = world({ ada: 'admit' });
    w.mail.failNext.add('ada@example.com');
    const failures: string[] = [];
    const first = await expireOffers(w.ports, DEADLINE, { onFailure: (id) => failures.push(id) });
    expect(first).toMatchObject({ expired: 0, failed: 1 });
    expect(failures).toEqual(['ada']);
    // Declined already, and marked unfinished: the list's copy stays empty so the index offers it again.
    expect(w.store.records.get('ada')).toMatchObject({ reply: { expired: true }, expiring: true });
    const second = await expireOffers(w.ports, new Date(DEADLINE.getTime() + 3_600_000));
    expect(second).toMatchObject({ expired: 1, failed: 0 });
    expect(w.store.records.get('ada')!.reply!.at).toBe(DEADLINE.toISOString());
    expect(w.store.records.get('ada')!.expiring).toBeUndefined();
    expect(w.office.histories.get('ada')!.filter((c) => c.from === 'released' && c.to === 'released')).toHaveLength(1);
    expect(w.mail.sent).toHaveLength(1);
    expect(w.audits).toHaveLength(1);
  });

  it('write the access record once when a sweep stops between it and the history entry', async () => {
    const w = world({ ada: 'admit' });
    const append = w.office.appendHistory.bind(w.office);
    let stops = 1;
    w.office.appendHistory = (id, change) => (stops-- > 0 ? Promise.reject(new Error('The Lambda timed out.')) : append(id, change));
    const first = await expireOffers(w.ports, DEADLINE);
    expect(first).toMatchObject({ expired: 0, failed: 1 });
    expect(w.audits).toHaveLength(1);
    expect(w.office.histories.get('ada')).toHaveLength(2);
    const second = await expireOffers(w.ports, new Date(DEADLINE.getTime() + 3_600_000));
    expect(second).toMatchObject({ expired: 1, failed: 0 });
    expect(w.audits).toEqual([
      { action: 'offer.expire', application: 'ada', detail: { decision: 'admit', reply_by: '2027-01-15' }, at: DEADLINE.toISOString() },
    ]);
    expect(w.office.histories.get('ada')!.filter((c) => c.from === 'released' && c.to === 'released')).toHaveLength(1);
    expect(w.mail.sent).toHaveLength(1);
  });

  it('stop starting offers when time is up, and leave the rest for the next sweep', async () => {
    const w = world({ ada: 'admit', bea: 'admit' });
    let asked = 0;
    const result = await expireOffers(w.ports, DEADLINE, { timeIsUp: () => ++asked > 1 });
    expect(result).toMatchObject({ expired: 1, deferred: 1 });
  });
});

describe('a reply at the same moment as the sweep', () => {
  const settings = {
    institution: 'Example State University',
    majors: [],
    letters: policies.decisions.letters,
    afterReply: policies.decisions.afterReply,
    signature: policies.decisions.signature,
    address: [],
    helpEmail: 'help@example.edu',
    cycles: TIMETABLE.cycles,
    timeZone: ZONE,
  };

  function replyPorts(w: ReturnType<typeof world>, decisions: ReplyPorts['decisions']): ReplyPorts {
    return {
      decisions,
      readSubmitted: (id) => w.ports.readSubmitted(id),
      settings,
      publish: w.ports.publish,
      sendMail: (mail) => w.mail.sendMail(mail),
      origin: 'https://apply.example.edu',
      requestLetter: () => Promise.resolve(),
      log: { error: () => undefined },
    };
  }

  /** The applicant read the record in the last second of the day; `between` runs before their write lands. */
  function racing(w: ReturnType<typeof world>, between: () => Promise<unknown>): ReplyPorts['decisions'] {
    return {
      readDecision: (id) => w.store.readDecision(id),
      writeDecision: async (id: string, record: DecisionRecord, version: number) => {
        await between();
        return w.store.writeDecision(id, record, version);
      },
    };
  }

  it('loses cleanly when the sweep writes first: the offer is declined once, the reply is refused, and no acceptance is published', async () => {
    const w = world({ ada: 'admit' });
    const reply = replyToDecision(
      replyPorts(
        w,
        racing(w, () => expireOffers(w.ports, DEADLINE)),
      ),
      'ada',
      'accept',
      new Date(DEADLINE.getTime() - 1000),
    );
    await expect(reply).rejects.toMatchObject({ status: 409 });
    expect(w.store.records.get('ada')!.reply).toMatchObject({ choice: 'decline', expired: true });
    expect(w.published.map((e) => e.type)).toEqual(['Offer Expired']);
    // On reload the applicant is told the offer expired.
    await expect(replyToDecision(replyPorts(w, w.store), 'ada', 'accept', DEADLINE)).rejects.toThrow(
      'Your offer expired: no reply was received by January 15, 2027.',
    );
  });

  it('wins cleanly when its write lands first: the sweep finds the reply and leaves it, and nothing of an expiry is written', async () => {
    const w = world({ ada: 'admit' });
    // The sweep reads the record before the reply lands and writes after it.
    const sweepDecisions = {
      readDecision: (id: string) => w.store.readDecision(id),
      writeDecision: async (id: string, record: DecisionRecord, version: number) => {
        if (!w.store.records.get(id)?.reply) await replyToDecision(replyPorts(w, w.store), 'ada', 'accept', new Date(DEADLINE.getTime() - 1000));
        return w.store.writeDecision(id, record, version);
      },
    };
    const result = await expireOffers({ ...w.ports, decisions: sweepDecisions }, DEADLINE);
    expect(result).toMatchObject({ expired: 0, answered: 1, failed: 0 });
    expect(w.store.records.get('ada')!.reply).toEqual({ choice: 'accept', at: new Date(DEADLINE.getTime() - 1000).toISOString() });
    expect(w.published.map((e) => e.type)).toEqual(['Offer Accepted']);
    expect(w.office.histories.get('ada')).toHaveLength(2);
    expect(w.audits).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { endOfDayIn } from '#domain/cycles/expiry';
import { institution } from '#form/institution';
import type { Timetable } from '#form/institution-cycles';
import { mailWordsIn } from '#form/institution-mail';
import type { ReminderDays } from '#form/types';
import type { DraftApplication } from '../ports/in-progress';
import { ROUND_KEY } from '../ports/keys';
import type { SubmittedApplication } from '../ports/submissions';
import { CYCLE, id, messagesWorld, ROUND, submitted } from './memory.test-support';
import { deliverReminder, dueBefore, occasionOf, sweepReminders, type ReminderDeliveryPorts, type ReminderSweepPorts } from './reminders';
import { SENDING_LEASE_MS } from './sending';

const ZONE = 'America/New_York';
const TIMETABLE: Timetable = {
  timeZone: ZONE,
  cycles: [
    {
      ...CYCLE,
      id: 'c27',
      rounds: [
        { ...ROUND, id: 'ea', label: 'Early Action', deadline: '2026-11-01' },
        { ...ROUND, id: 'rd', label: 'Regular Decision', deadline: '2027-01-15' },
      ],
    },
  ],
};
const DAYS: ReminderDays = { deadline: 7, materials: 14, reply: 5 };
const at = (day: string) => endOfDayIn(day, ZONE);
const allWaived = Object.fromEntries(
  institution.afterSubmission.checklist.map((item) => [item.id, { status: 'waived' as const, by: 'officer@example.edu', at: '2026-10-02T12:00:00.000Z' }]),
);

function draft(n: number, round?: string, extra: Partial<DraftApplication> = {}): DraftApplication {
  return {
    id: id(n),
    email: `d${n}@example.com`,
    answers: { first_name: `Dee${n}`, last_name: 'Draft', ...(round ? { [ROUND_KEY]: round } : {}) },
    startedAt: '2026-09-01T12:00:00.000Z',
    updatedAt: '2026-09-02T12:00:00.000Z',
    submitted: false,
    ...extra,
  };
}

/** The messages' memory world, with drafts in progress, open offers and their reply-by days. */
function world(
  options: {
    drafts?: DraftApplication[];
    apps?: SubmittedApplication[];
    replyBy?: string;
    days?: ReminderDays;
    awaiting?: boolean;
    /** The language saved on each draft's account, by application id. */
    languages?: Record<string, string>;
  } = {},
) {
  const w = messagesWorld(options.apps ?? []);
  const drafts = options.drafts ?? [];
  const audits: Array<Record<string, string>> = [];
  const occasions = new Set<string>();
  const sweepPorts: ReminderSweepPorts = {
    ...w.ports,
    timetable: TIMETABLE,
    days: options.days ?? DAYS,
    queryInProgress: (cycle: string) => Promise.resolve({ ids: cycle === 'c27' ? drafts.map((d) => d.id) : [] }),
    readDraft: (draftId: string) => Promise.resolve(drafts.find((d) => d.id === draftId)),
    querySubmissions: (filters, limit, start) => {
      const all = (options.apps ?? []).filter((a) => filters.complete !== false || !a.complete);
      const from = typeof start?.at === 'number' ? start.at : 0;
      return Promise.resolve(from + limit < all.length ? { items: all.slice(from, from + limit), next: { at: from + limit } } : { items: all.slice(from) });
    },
    // The checklist's required materials awaited (nothing received), or with `awaiting: false` each waived by the office.
    readApplicantRecord: () =>
      Promise.resolve({
        answers: {},
        documents: [],
        supplements: [],
        submittedAt: '2026-10-01T12:00:00.000Z',
        ...(options.awaiting === false ? { materials: { marks: allWaived, version: 1 } } : {}),
      }),
    listOpenOffers: async function* () {
      for (const a of options.apps ?? []) if (a.officeStatus === 'released' && a.decision) yield a;
    },
    replyBy: () => options.replyBy,
    languageOf: (application) => Promise.resolve(options.languages?.[application]),
    noteOccasion: (o) => (occasions.add(o), Promise.resolve()),
    audit: (detail) => (audits.push(detail), Promise.resolve()),
  };
  const deliveryPorts: ReminderDeliveryPorts = {
    ...w.ports,
    suppressions: w.suppression.suppressions,
    words: mailWordsIn,
    institution: { name: 'Example State University', helpEmail: 'help@example.edu', signature: 'The Office of Admissions' },
  };
  /** Every queued delivery run once, as the sender would. */
  const drain = async () => {
    while (w.queued.length > 0) {
      const job = w.queued.shift()!;
      await deliverReminder(deliveryPorts, job.mailing, job.application);
    }
  };
  return { ...w, sweepPorts, deliveryPorts, audits, occasions, drain };
}

describe('when a reminder is due', () => {
  it('from N days before a day to the day itself, not before and not after', () => {
    expect(dueBefore('2026-10-24', '2026-11-01', 7)).toBe(false);
    expect(dueBefore('2026-10-25', '2026-11-01', 7)).toBe(true);
    expect(dueBefore('2026-11-01', '2026-11-01', 7)).toBe(true);
    expect(dueBefore('2026-11-02', '2026-11-01', 7)).toBe(false);
  });
});

describe('the deadline reminder', () => {
  it('goes to applications in progress N days before their round’s deadline, each round its own', async () => {
    const w = world({ drafts: [draft(1, 'ea'), draft(2, 'rd'), draft(3)] });
    expect((await sweepReminders(w.sweepPorts, at('2026-10-24'))).queued.deadline).toBe(0);
    const result = await sweepReminders(w.sweepPorts, at('2026-10-25'));
    // The early applicant and the one with no round chosen; the regular one's deadline is months away.
    expect(result.queued.deadline).toBe(2);
    await w.drain();
    expect(w.outbox.map((m) => m.to).sort()).toEqual(['d1@example.com', 'd3@example.com']);
    const mail = w.outbox[0]!;
    expect(mail.subject).toBe('Example State University: the Early Action deadline is November 1, 2026');
    expect(mail.text).toContain('Dear Dee1,');
    expect(mail.text).toContain('You are receiving this because your application to Example State University is not yet submitted');
    expect(await w.ports.messages.listMessages(id(1))).toEqual([expect.objectContaining({ id: occasionOf('deadline', 'c27', 'ea'), subject: mail.subject })]);
  });

  it('is written in the language saved on the account: the words, the day, the pages still to complete and why it is sent (issue 41)', async () => {
    const w = world({ drafts: [draft(1, 'ea'), draft(2, 'ea'), draft(3, 'ea')], languages: { [id(1)]: 'es', [id(2)]: 'ar' } });
    await sweepReminders(w.sweepPorts, at('2026-10-25'));
    await w.drain();
    const to = (n: number) => w.outbox.find((m) => m.to === `d${n}@example.com`)!;
    // The institution's name as its file gives it in the language (issue 41); this timetable's round has no Spanish label.
    expect(to(1).subject).toBe('Universidad Estatal de Ejemplo: la fecha límite de Early Action es el 1 de noviembre de 2026');
    expect(to(1).text).toContain('Estimado/a Dee1:');
    expect(to(1).text).toContain('Falta completar: Sobre usted, Sus estudios, Pasos finales.');
    expect(to(1).text).toContain('Recibe este mensaje porque su solicitud a Universidad Estatal de Ejemplo aún no se ha enviado');
    expect(to(2).subject).toBe('جامعة الولاية النموذجية: الموعد النهائي لـ Early Action هو 1 نوفمبر 2026');
    expect(to(2).text).toContain('معلومات عنك، دراستك، الخطوات الأخيرة');
    // No language saved: the institution's.
    expect(to(3).subject).toBe('Example State University: the Early Action deadline is November 1, 2026');
    // The applicant's copy in Messages is the e-mail they received.
    expect(await w.ports.messages.listMessages(id(1))).toEqual([expect.objectContaining({ subject: to(1).subject, text: to(1).text })]);
  });

  it('reaches an unsubscribed address (it is transactional), not a bounced or complained one, whose copy stays in Messages', async () => {
    const w = world({ drafts: [draft(1, 'ea'), draft(2, 'ea'), draft(3, 'ea')] });
    const at0 = '2026-10-20T00:00:00.000Z';
    await w.suppression.suppressions.putSuppression({ email: 'd1@example.com', reason: 'unsubscribed', at: at0 });
    await w.suppression.suppressions.putSuppression({ email: 'D2@example.com', reason: 'bounced', at: at0 });
    await w.suppression.suppressions.putSuppression({ email: 'd3@example.com', reason: 'complained', at: at0 });
    await sweepReminders(w.sweepPorts, at('2026-10-25'));
    await w.drain();
    expect(w.outbox.map((m) => m.to)).toEqual(['d1@example.com']);
    const occasion = occasionOf('deadline', 'c27', 'ea');
    const rows = await w.ports.ledger.listRows(occasion);
    expect(rows.find((r) => r.application === id(2))).toMatchObject({ state: 'suppressed', reason: expect.stringMatching(/bounced/) });
    expect(rows.find((r) => r.application === id(3))).toMatchObject({ state: 'suppressed', reason: expect.stringMatching(/spam/) });
    expect(await w.ports.messages.listMessages(id(2))).toEqual([expect.objectContaining({ id: occasion })]);
    // A rerun sends nothing: the rows are ended.
    await sweepReminders(w.sweepPorts, at('2026-10-26'));
    await w.drain();
    expect(w.outbox).toHaveLength(1);
  });

  it('a rerun on the same day sends nothing new; the next days send nothing again; a missed day is caught up once', async () => {
    const w = world({ drafts: [draft(1, 'ea')] });
    // The sweep did not run on the 25th nor the 26th: the 27th catches up.
    await sweepReminders(w.sweepPorts, at('2026-10-27'));
    await w.drain();
    const again = await sweepReminders(w.sweepPorts, at('2026-10-27'));
    const later = await sweepReminders(w.sweepPorts, at('2026-10-30'));
    await w.drain();
    expect(w.outbox).toHaveLength(1);
    expect(again.queued.deadline + later.queued.deadline).toBe(0);
    expect(again.already).toBe(1);
    expect(w.audits.map((a) => a.count)).toEqual(['1', '0', '0']);
  });

  it('is not sent after the deadline has passed, nor to an application submitted meanwhile', async () => {
    const w = world({ drafts: [draft(1, 'ea'), draft(2, 'ea', { submitted: true })] });
    expect((await sweepReminders(w.sweepPorts, at('2026-11-02'))).queued.deadline).toBe(0);
    expect((await sweepReminders(w.sweepPorts, at('2026-11-01'))).queued.deadline).toBe(1);
  });
});

describe('the missing materials reminder', () => {
  const old = (n: number, submittedAt: string, extra: Partial<SubmittedApplication> = {}) =>
    submitted(n, { submittedAt, placement: { cycle: 'c27', round: 'ea', late: false }, ...extra });

  it('goes N days after the submission to an application still awaiting a required material, once', async () => {
    const w = world({ apps: [old(1, '2026-10-01T15:00:00.000Z'), old(2, '2026-10-05T15:00:00.000Z')] });
    expect((await sweepReminders(w.sweepPorts, at('2026-10-14'))).queued.materials).toBe(0);
    expect((await sweepReminders(w.sweepPorts, at('2026-10-15'))).queued.materials).toBe(1);
    await w.drain();
    expect((await sweepReminders(w.sweepPorts, at('2026-10-20'))).queued.materials).toBe(1);
    expect((await sweepReminders(w.sweepPorts, at('2026-12-20'))).queued.materials).toBe(0);
    await w.drain();
    expect(w.outbox.map((m) => m.to)).toEqual(['a1@example.com', 'a2@example.com']);
    expect(w.outbox[0]!.subject).toBe('Example State University: your application still awaits materials');
    expect(w.outbox[0]!.text).toMatch(/cannot be read in full until we receive: .+\./);
  });

  it('skips one marked complete and one whose decision is released', async () => {
    const apps = [old(1, '2026-10-01T15:00:00.000Z', { complete: true }), old(2, '2026-10-01T15:00:00.000Z', { officeStatus: 'released', decision: 'deny' })];
    const w = world({ apps });
    expect((await sweepReminders(w.sweepPorts, at('2026-11-01'))).queued.materials).toBe(0);
  });

  it('skips one whose every material the office waived or received (not yet marked complete)', async () => {
    const w = world({ apps: [old(1, '2026-10-01T15:00:00.000Z')], awaiting: false });
    expect((await sweepReminders(w.sweepPorts, at('2026-11-01'))).queued.materials).toBe(0);
  });
});

describe('the reply reminder', () => {
  const admitted = (n: number, extra: Partial<SubmittedApplication> = {}) =>
    submitted(n, { officeStatus: 'released', decision: 'admit', complete: true, placement: { cycle: 'c27', round: 'ea', late: false }, ...extra });

  it('goes to admitted applicants without a reply N days before the reply-by date, once per offer', async () => {
    const apps = [admitted(1), admitted(2, { reply: 'accept' }), admitted(3, { decision: 'waitlist' })];
    const w = world({ apps, replyBy: '2027-05-01' });
    expect((await sweepReminders(w.sweepPorts, at('2027-04-25'))).queued.reply).toBe(0);
    expect((await sweepReminders(w.sweepPorts, at('2027-04-26'))).queued.reply).toBe(1);
    expect((await sweepReminders(w.sweepPorts, at('2027-04-28'))).queued.reply).toBe(0);
    await w.drain();
    expect(w.outbox.map((m) => [m.to, m.subject])).toEqual([['a1@example.com', 'Example State University: please reply by May 1, 2027']]);
    // The reminder names the day, never the decision.
    expect(w.outbox[0]!.text).not.toMatch(/admit/i);
    expect(w.occasions).toEqual(new Set([occasionOf('reply', 'c27', '2027-05-01')]));
  });
});

describe('once, and never lost', () => {
  it('a kind the configuration leaves out is not sent', async () => {
    const w = world({ drafts: [draft(1, 'ea')], days: { materials: 14 } });
    expect((await sweepReminders(w.sweepPorts, at('2026-10-30'))).queued.deadline).toBe(0);
  });

  it('a delivery lost after the row was put is queued again by a later run, and still sent once', async () => {
    const w = world({ drafts: [draft(1, 'ea')] });
    await sweepReminders(w.sweepPorts, at('2026-10-26'));
    w.queued.length = 0; // the queue lost it (a local stack restarted)
    const next = await sweepReminders(w.sweepPorts, new Date(at('2026-10-26').getTime() + SENDING_LEASE_MS + 1));
    expect(next.requeued).toBe(1);
    // Two deliveries of the same job: the ledger's claim lets one send.
    w.queued.push({ ...w.queued[0]! });
    await w.drain();
    expect(w.outbox).toHaveLength(1);
  });

  it('a sender killed after its claim never sends that reminder again', async () => {
    const w = world({ drafts: [draft(1, 'ea')] });
    await sweepReminders(w.sweepPorts, at('2026-10-26'));
    w.state.crashAfter = 'claimed';
    await expect(w.drain()).rejects.toThrow('killed after claimed');
    w.state.now = new Date(at('2026-10-27').getTime());
    await sweepReminders(w.sweepPorts, at('2026-10-27'));
    await w.drain();
    expect(w.outbox).toHaveLength(0);
    expect([...w.ledger.values()].map((r) => r.state)).toEqual(['failed']);
  });
});

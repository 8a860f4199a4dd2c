/**
 * The daily reminders on the real local stack (issue 40, item 4): a stack on a timetable of its
 * own (an early round whose deadline is 20 days away, answered by day 30), with applicants still
 * in progress in it, applicants submitted without their materials, and an admitted one who has
 * not replied. `npm run messages -- sweep --as-of` (scripts/messages.ts) three days before the
 * deadline queues each due reminder once (the configuration's `mail.reminders`: 7, 14 and 5
 * days); the stack's sender sends each to the dev outbox once, and each shows in the applicant's
 * Messages; the same sweep run again sends nothing new; three days before the reply-by date, the
 * reply reminder, once. An admin then sets the deadline reminder to 15 days in Settings (the
 * materials one off): the next sweep, twelve days before the deadline, honours the new day.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decisionsStore } from '#adapters/store/decisions-store';
import { officeStatusStore } from '#adapters/store/office-status-store';
import { readSubmitted } from '#adapters/store/submissions-index';
import { changeOfficeStatus } from '#domain/lifecycle/history';
import { offerReplyBy } from '#domain/releases/reply-by';
import { addDays } from '#form/calendar';
import { institution } from '#form/institution';
import { institutionWordsIn } from '#form/institution-server-texts';
import { mailDayInWords } from '#form/mail-language';
import type { MessagesReply } from '#form/wire/messages';
import { main as runMessages } from '../../scripts/messages';
import { completeApplication } from '../support/answers';
import { outbox, registeredApplicant, type ApiClient } from '../support/client';
import { signedInStaff, type StaffClient } from '../support/staff';
import { cycleAround } from '../support/test-timetable';
import { startStackOnTimetable, type TimetableStack } from '../support/timetable-stack';

let stack: TimetableStack;
let admin: StaffClient;
const tag = `Rm${randomUUID().slice(0, 6).replace(/-/g, '')}`;
const started: Array<ApiClient & { username: string }> = [];
const submitted: Array<ApiClient & { username: string }> = [];

beforeAll(async () => {
  stack = await startStackOnTimetable('reminders', (clock) => [
    cycleAround(clock, {
      id: 'current',
      label: 'This cycle',
      opens: -30,
      rounds: [
        { id: 'early', label: 'Early Round', deadline: 20, decisionDate: 22, replyBy: 30 },
        { id: 'regular', label: 'Regular Round', deadline: 60, decisionDate: 80, replyBy: 100 },
      ],
    }),
  ]);
  admin = await signedInStaff(stack.url, undefined, 'admin');
  for (let i = 0; i < 3; i++) {
    const a = await registeredApplicant(stack.url);
    expect((await a.put('/api/answer', { first_name: `${tag}${i}`, last_name: 'Started', application_round: 'early' })).status).toBe(200);
    // The first in English (no choice saved), the second in Spanish, the third in Arabic (issue 41).
    if (i > 0) expect((await a.put('/api/language', { language: i === 1 ? 'es' : 'ar' })).status).toBe(200);
    started.push(a);
  }
  for (let i = 0; i < 2; i++) {
    const a = await registeredApplicant(stack.url);
    expect((await a.put('/api/answer', { ...completeApplication(), first_name: `${tag}s${i}`, application_round: 'early' })).status).toBe(200);
    expect((await a.post('/api/submit')).status).toBe(200);
    submitted.push(a);
  }
}, 180_000);

afterAll(() => stack?.stop());

const early = () => stack.cycles[0]!.rounds.find((r) => r.id === 'early')!;
/** The deadline reminder's subject in each language. */
const DEADLINE_SUBJECT = /the Early Round deadline is|la fecha límite de Early Round es|الموعد النهائي لـ Early Round/;

/** `npm run messages -- sweep --as-of <day>`, then the sender left to finish: what it printed. */
async function sweep(day: string): Promise<string> {
  const printed: string[] = [];
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => printed.push(String(chunk)) > 0);
  try {
    expect(await runMessages(['sweep', '--as-of', day, '--url', stack.url])).toBe(0);
  } finally {
    write.mockRestore();
  }
  expect((await fetch(`${stack.url}/_dev/mailings/settle`, { method: 'POST' })).status).toBe(200);
  return printed.join('');
}

const to = async (applicants: ReadonlyArray<{ username: string }>, subject: RegExp) => {
  const addresses = new Set(applicants.map((a) => a.username));
  return (await outbox(stack.url)).filter((m) => addresses.has(m.to) && subject.test(m.subject));
};

describe('the daily reminders', () => {
  it('sends each due reminder once, in the outbox and in the applicant’s Messages, and nothing new when run again', { timeout: 120_000 }, async () => {
    const day = addDays(early().deadline, -3);
    // A day before the deadline's seven: nothing due yet but the materials (submitted today: not 14 days old).
    expect(await sweep(addDays(early().deadline, -8))).toContain('reminders queued: 0 (deadline 0, missing materials 0, reply 0)');

    expect(await sweep(day)).toContain('reminders queued: 5 (deadline 3, missing materials 2, reply 0)');
    const deadline = await to(started, DEADLINE_SUBJECT);
    expect(deadline.map((m) => m.to).sort()).toEqual(started.map((a) => a.username).sort());
    const mailTo = (a: { username: string }) => deadline.find((m) => m.to === a.username)!;
    const deadlineIn = (language: 'en' | 'es' | 'ar') => mailDayInWords(new Date(`${early().deadline}T00:00:00Z`), language);
    expect(mailTo(started[0]!).subject).toBe(`${institution.name}: the Early Round deadline is ${deadlineIn('en')}`);
    expect(mailTo(started[0]!).text).toMatch(/You are receiving this because your application to .+ is not yet submitted/);
    // In the language saved on the account: the words, the day, the pages still to complete and why it is sent.
    expect(mailTo(started[1]!).subject).toBe(`${institutionWordsIn('es', institution.name)}: la fecha límite de Early Round es el ${deadlineIn('es')}`);
    expect(mailTo(started[1]!).text).toContain(`Estimado/a ${tag}1:`);
    expect(mailTo(started[1]!).text).toContain('Falta completar: Sobre usted, Sus estudios, Pasos finales.');
    expect(mailTo(started[1]!).text).toMatch(/Recibe este mensaje porque su solicitud a .+ aún no se ha enviado/);
    expect(mailTo(started[2]!).subject).toBe(`${institutionWordsIn('ar', institution.name)}: الموعد النهائي لـ Early Round هو ${deadlineIn('ar')}`);
    expect(mailTo(started[2]!).text).toContain('ما زال عليك إكمال: معلومات عنك، دراستك، الخطوات الأخيرة.');
    const materials = await to(submitted, /still awaits materials/);
    expect(materials.map((m) => m.to).sort()).toEqual(submitted.map((a) => a.username).sort());

    for (const a of [...started, ...submitted]) {
      const own = await a.get<MessagesReply>('/api/messages');
      expect(own.status).toBe(200);
      expect(own.body.messages).toHaveLength(1);
      expect(own.body.messages[0]!.text).toMatch(new RegExp(`^(Dear|Estimado/a|عزيزي/عزيزتي) ${tag}`));
    }

    // The same day again, and the next: nothing new.
    const again = await sweep(day);
    expect(again).toContain('reminders queued: 0 (deadline 0, missing materials 0, reply 0)');
    expect(again).toContain('due but already sent or queued before: 5');
    expect(await sweep(addDays(day, 1))).toContain('reminders queued: 0');
    expect(await to([...started, ...submitted], new RegExp(`${DEADLINE_SUBJECT.source}|awaits materials`))).toHaveLength(5);
  });

  it('reminds an admitted applicant without a reply before the reply-by date, once', { timeout: 120_000 }, async () => {
    const bea = await registeredApplicant(stack.url);
    expect((await bea.put('/api/answer', { ...completeApplication(), first_name: `${tag}Bea`, application_round: 'early' })).status).toBe(200);
    expect((await bea.post('/api/submit')).status).toBe(200);
    const record = { decision: 'admit' as const, note: '', decided_by: 'decider@example.edu', decided_at: new Date().toISOString(), version: 1 };
    expect(await decisionsStore.writeDecision(bea.subject, record, 0)).toBe(true);
    await changeOfficeStatus(
      { ...officeStatusStore, readSubmitted },
      { id: bea.subject, to: 'decided', staff: 'decider@example.edu', what: 'Decision: admit' },
    );
    expect((await admin.post('/staff/api/releases', { ids: [bea.subject] })).status).toBe(200);
    const replyBy = offerReplyBy({ cycles: stack.cycles }, completeApplication(), { cycle: 'current', round: 'early' })!;

    expect(await sweep(addDays(replyBy, -3))).toContain('reminders queued: 1 (deadline 0, missing materials 0, reply 1)');
    expect(await sweep(addDays(replyBy, -2))).toContain('reminders queued: 0');
    const mails = await to([bea], /please reply by/);
    expect(mails).toHaveLength(1);
    // It names the day, never the decision (the status page says that).
    expect(mails[0]!.text).not.toMatch(/admit/i);
    const own = await bea.get<MessagesReply>('/api/messages');
    expect(own.body.messages.map((m) => m.subject)).toEqual([mails[0]!.subject]);
  });

  it('honours the days an admin sets in Settings at the next sweep (one reminder turned off), refusing a bad day in words', { timeout: 120_000 }, async () => {
    const late = await registeredApplicant(stack.url);
    expect((await late.put('/api/answer', { first_name: `${tag}Late`, last_name: 'Started', application_round: 'early' })).status).toBe(200);
    // With the file's seven days, twelve days before the deadline nothing is due.
    const day = addDays(early().deadline, -12);
    expect(await sweep(day)).toContain('reminders queued: 0 (deadline 0, missing materials 0, reply 0)');

    const refused = await admin.put<{ message: string }>('/staff/api/settings/reminders', { value: { deadline: 0, reply: 5 } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('Deadline reminder: 0 is not a number of days from 1 to 365.');
    const saved = await admin.put<{ message: string }>('/staff/api/settings/reminders', { value: { deadline: 15, materials: null, reply: 5 } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.message).toBe('Saved the reminders’ days (version 1). The next daily reminders use them.');

    expect(await sweep(day)).toContain('reminders queued: 1 (deadline 1, missing materials 0, reply 0)');
    const mails = await to([late], /the Early Round deadline is/);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Dear ${tag}Late,`);
  });
});

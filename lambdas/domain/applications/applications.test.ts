import { describe, expect, it } from 'vitest';
import { chicagoTimetable } from '../cycles/timetables.test-support';
import { Conflict, Invalid, NotFound } from '../errors';
import type { AnswerSave, Answers, StoredAnswers } from '../ports/answers';
import { accountOf, laterApplicationKey } from '../ports/keys';
import { applicationsOf, resolveApplication } from './account-applications';
import { listApplications } from './list-applications';
import { memoryApplications } from './memory.test-support';
import { claimFirstApplication, startApplication } from './start-application';

const SUB = '0f8fad5b-d9cb-469f-a165-70867728950e';
const t = chicagoTimetable([{ id: 'rd', label: 'Regular Decision', deadline: '2027-01-15', decisionDate: '2027-03-15', replyBy: '2027-05-01' }]);
/** The 2026–27 cycle is closed and the 2027–28 one open. */
const NEXT_YEAR = new Date('2027-09-01T15:00:00Z');
const THIS_YEAR = new Date('2026-10-01T15:00:00Z');

/** What an applicant saved last year under the account's own key, as today's code writes it. */
const LAST_YEAR: Answers = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  birth_date: '2008-12-10',
  state: 'IL',
  state_desc: 'Illinois',
  hs_name: 'Lincoln High',
  entry_term: '2027FA',
  entry_term_desc: 'Fall 2027',
  applied_major: 'MATH',
  application_round: 'rd',
  conviction: 'N',
};

function world() {
  const applications = memoryApplications();
  const stored = new Map<string, StoredAnswers>([[SUB, { answers: { ...LAST_YEAR }, submittedAt: '2027-01-10T12:00:00.000Z' }]]);
  const answers = {
    readAnswers: (key: string) => Promise.resolve(stored.get(key) ?? { answers: {} }),
    mergeAnswers: (key: string, save: AnswerSave) => {
      const was = stored.get(key) ?? { answers: {} };
      if (was.submittedAt) return Promise.resolve(false);
      stored.set(key, { ...was, answers: { ...was.answers, ...save.answers } });
      return Promise.resolve(true);
    },
  };
  const submission = (key: string) => {
    const s = stored.get(key);
    return Promise.resolve(s?.submittedAt ? { submittedAt: s.submittedAt } : {});
  };
  return { applications, stored, ports: { applications, answers, timetable: t }, listPorts: { applications, submission, timetable: t } };
}

describe("an account's applications, one per cycle", () => {
  it('reads an account with no list as one application, under its own key, in the first configured cycle', () => {
    expect(applicationsOf(SUB, undefined, t)).toEqual([{ cycle: '2027', key: SUB }]);
  });

  it('keeps a later application under the account, two hyphens and the cycle, and finds the account from it', () => {
    expect(laterApplicationKey(SUB, '2028')).toBe(`${SUB}--2028`);
    expect(accountOf(`${SUB}--2028`)).toBe(SUB);
    expect(accountOf(SUB)).toBe(SUB);
  });

  it("starts next year's application with what does not change, and leaves last year's as it was", async () => {
    const w = world();
    const started = await startApplication(w.ports, SUB, NEXT_YEAR);
    expect(started).toEqual({ cycle: '2028', label: '2027–28' });
    expect(w.applications.lists.get(SUB)).toEqual([
      { cycle: '2027', key: SUB },
      { cycle: '2028', key: `${SUB}--2028` },
    ]);
    expect(w.stored.get(`${SUB}--2028`)?.answers).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      birth_date: '2008-12-10',
      state: 'IL',
      state_desc: 'Illinois',
      hs_name: 'Lincoln High',
    });
    expect(w.stored.get(SUB)).toEqual({ answers: LAST_YEAR, submittedAt: '2027-01-10T12:00:00.000Z' });
  });

  it("starts it when last year's was never submitted", async () => {
    const w = world();
    w.stored.set(SUB, { answers: { first_name: 'Ada' } });
    await startApplication(w.ports, SUB, NEXT_YEAR);
    expect(w.stored.get(`${SUB}--2028`)?.answers).toEqual({ first_name: 'Ada' });
  });

  it('refuses a second start of the same cycle, and a start in the cycle the account applies in already, in words', async () => {
    const w = world();
    await expect(startApplication(w.ports, SUB, THIS_YEAR)).rejects.toThrow(new Conflict('Your 2026–27 application is started already.'));
    await startApplication(w.ports, SUB, NEXT_YEAR);
    await expect(startApplication(w.ports, SUB, NEXT_YEAR)).rejects.toThrow(new Conflict('Your 2027–28 application is started already.'));
    expect(w.applications.lists.get(SUB)).toHaveLength(2);
  });

  it('refuses a start before any cycle opens, saying when the application opens', async () => {
    const w = world();
    await expect(startApplication(w.ports, SUB, new Date('2026-01-01T12:00:00Z'))).rejects.toThrow(/Applications for 2026–27 open on August 1, 2026/);
    expect(w.applications.lists.size).toBe(0);
  });

  it('resolves the active application, an earlier one for a read naming its cycle, and refuses the rest in words', async () => {
    const w = world();
    expect(await resolveApplication(w.ports, SUB, { writes: true })).toEqual({ cycle: '2027', key: SUB, active: true });
    await startApplication(w.ports, SUB, NEXT_YEAR);
    expect(await resolveApplication(w.ports, SUB, { writes: true })).toEqual({ cycle: '2028', key: `${SUB}--2028`, active: true });
    expect(await resolveApplication(w.ports, SUB, { cycle: '2027', writes: false })).toEqual({ cycle: '2027', key: SUB, active: false });
    await expect(resolveApplication(w.ports, SUB, { cycle: '2027', writes: true })).rejects.toThrow(Invalid);
    await expect(resolveApplication(w.ports, 'another-account', { cycle: '2028', writes: false })).rejects.toThrow(
      new NotFound('You have no 2027–28 application.'),
    );
    await expect(resolveApplication(w.ports, SUB, { cycle: 'nope', writes: false })).rejects.toThrow(NotFound);
  });

  it('names the first application of an account first signed in during a later cycle after that cycle, and writes nothing in the first', async () => {
    const w = world();
    await claimFirstApplication(w.ports, 'new-in-first', THIS_YEAR);
    expect(w.applications.lists.has('new-in-first')).toBe(false);
    await claimFirstApplication(w.ports, 'new-in-next', NEXT_YEAR);
    expect(await resolveApplication(w.ports, 'new-in-next', { writes: true })).toEqual({ cycle: '2028', key: 'new-in-next', active: true });
  });

  it('lists the applications with the start offered once, then both with the new one active', async () => {
    const w = world();
    expect(await listApplications(w.listPorts, SUB, THIS_YEAR)).toEqual({
      applications: [{ cycle: '2027', label: '2026–27', active: true, submitted_at: '2027-01-10T12:00:00.000Z', reference: null }],
      start: null,
    });
    expect((await listApplications(w.listPorts, SUB, NEXT_YEAR)).start).toEqual({ cycle: '2028', label: '2027–28' });
    await startApplication(w.ports, SUB, NEXT_YEAR);
    expect(await listApplications(w.listPorts, SUB, NEXT_YEAR)).toEqual({
      applications: [
        { cycle: '2027', label: '2026–27', active: false, submitted_at: '2027-01-10T12:00:00.000Z', reference: null },
        { cycle: '2028', label: '2027–28', active: true, submitted_at: null, reference: null },
      ],
      start: null,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { allAnswerKeys } from '#form';
import type { Timetable } from '#form/institution-cycles';
import { isDerivedLabel } from './answer-labels';
import { AnswersChangedElsewhere, saveAnswers, WAIVER_HELD_MESSAGE } from './answer-save';
import { ALWAYS_OPEN, chicagoTimetable } from './cycles/timetables.test-support';
import { ApplicationLocked, Conflict, Invalid } from './errors';
import type { AnswerSave, Answers, AnswersStore } from './ports/answers';

/** The answers item in memory, with the adapter's condition: every checked key still its base or the new value. */
function memoryStore(initial: Answers = {}, opts: { submittedAt?: string; interfere?: (stored: Answers) => void } = {}) {
  const stored: Answers = { ...initial };
  let writes = 0;
  const store: AnswersStore & { timetable: Timetable } = {
    timetable: ALWAYS_OPEN,
    mergeAnswers(_sub, save: AnswerSave) {
      opts.interfere?.(stored);
      if (opts.submittedAt) return Promise.resolve(false);
      for (const [key, base] of Object.entries(save.base)) {
        const now = stored[key] ?? '';
        if (now !== base && now !== save.answers[key]) return Promise.resolve(false);
      }
      for (const [key, value] of Object.entries(save.answers)) {
        if (value === '') delete stored[key];
        else stored[key] = value;
      }
      writes += 1;
      return Promise.resolve(true);
    },
    readAnswers() {
      return Promise.resolve({ answers: { ...stored }, ...(opts.submittedAt ? { submittedAt: opts.submittedAt } : {}) });
    },
  };
  return { store, stored, writes: () => writes };
}

describe('saving answers', () => {
  it("marks the application in progress for the office's list in the same one write, with its cycle", async () => {
    const m = memoryStore();
    const marks: unknown[] = [];
    const store = { ...m.store, mergeAnswers: (...args: Parameters<AnswersStore['mergeAnswers']>) => (marks.push(args[3]), m.store.mergeAnswers(...args)) };
    await saveAnswers(store, 'sub', { answers: { first_name: 'Grace' }, base: {} }, new Date(), 'this-cycle');
    await saveAnswers(store, 'sub', { answers: { first_name: 'Ada' }, base: {} });
    expect(marks).toEqual([{ cycle: 'this-cycle' }, undefined]);
    expect(m.writes()).toBe(2);
  });

  it('merges the answers when every checked key still holds its base', async () => {
    const m = memoryStore({ first_name: 'Ada', last_name: 'King' });
    await saveAnswers(m.store, 'sub', { answers: { first_name: 'Grace', city: '' }, base: { first_name: 'Ada' } });
    expect(m.stored).toEqual({ first_name: 'Grace', last_name: 'King' });
  });

  it('refuses a submitted application with the one locked message', async () => {
    const m = memoryStore({}, { submittedAt: '2026-01-01T00:00:00.000Z' });
    await expect(saveAnswers(m.store, 'sub', { answers: { first_name: 'Grace' }, base: {} })).rejects.toBeInstanceOf(ApplicationLocked);
  });

  it('names each key another tab changed, with what is stored now, and writes nothing', async () => {
    const m = memoryStore({ first_name: 'Alan', last_name: 'King' });
    const error = await saveAnswers(m.store, 'sub', {
      answers: { first_name: 'Grace', last_name: 'Hopper' },
      base: { first_name: 'Ada', last_name: 'King' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnswersChangedElsewhere);
    expect((error as AnswersChangedElsewhere).conflicts).toEqual({ first_name: 'Alan' });
    expect(m.stored).toEqual({ first_name: 'Alan', last_name: 'King' });
  });

  it('tries again when the refusing change was undone before it was read', async () => {
    let flips = 0;
    // The other tab writes 'Alan' just before the first attempt and puts 'Ada' back before the read.
    const m = memoryStore({ first_name: 'Ada' }, { interfere: (s) => void (flips++ === 0 ? (s.first_name = 'Alan') : undefined) });
    const read = m.store.readAnswers.bind(m.store);
    m.store.readAnswers = async (sub) => {
      m.stored.first_name = 'Ada';
      return read(sub);
    };
    await saveAnswers(m.store, 'sub', { answers: { first_name: 'Grace' }, base: { first_name: 'Ada' } });
    expect(m.stored.first_name).toBe('Grace');
    expect(m.writes()).toBe(1);
  });

  it('refuses to change the waiver a recommender was told, in words that say how to go on, and writes nothing (issue 42, item 5)', async () => {
    // The adapter's condition: while a recommendation holds a slot, the waiver may be saved only as it is.
    const stored: Answers = { counselor_waiver_request: 'Y', first_name: 'Ada' };
    const slots = { counselor: ['rec-1'], teacher: [], invitations: 1 };
    const store: AnswersStore & { timetable: Timetable } = {
      timetable: ALWAYS_OPEN,
      mergeAnswers(_sub, save) {
        const waiver = save.answers.counselor_waiver_request;
        if (waiver !== undefined && waiver !== stored.counselor_waiver_request) return Promise.resolve(false);
        Object.assign(stored, save.answers);
        return Promise.resolve(true);
      },
      readAnswers: () => Promise.resolve({ answers: { ...stored }, slots }),
    };
    const error = await saveAnswers(store, 'sub', { answers: { counselor_waiver_request: 'N', first_name: 'Grace' }, base: {} }).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(AnswersChangedElsewhere);
    expect(error).toMatchObject({ status: 409, message: WAIVER_HELD_MESSAGE });
    expect(WAIVER_HELD_MESSAGE).toMatch(/Nothing was saved.*cancel/);
    expect(stored).toEqual({ counselor_waiver_request: 'Y', first_name: 'Ada' });
    // The same answer again is no change; and once no recommendation holds it, it changes.
    await saveAnswers(store, 'sub', { answers: { counselor_waiver_request: 'Y', first_name: 'Grace' }, base: {} });
    expect(stored.first_name).toBe('Grace');
  });

  it('gives up after three refused writes that nothing explains', async () => {
    const refusing = { timetable: ALWAYS_OPEN, mergeAnswers: () => Promise.resolve(false), readAnswers: () => Promise.resolve({ answers: {} }) };
    const error = await saveAnswers(refusing, 'sub', { answers: { first_name: 'Grace' }, base: { first_name: '' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnswersChangedElsewhere);
    expect((error as AnswersChangedElsewhere).conflicts).toEqual({});
  });

  describe('labels of option answers', () => {
    it('derives every label of the data model, so no browser label is ever stored', () => {
      expect(allAnswerKeys.filter((k) => k.endsWith('_desc') && !isDerivedLabel(k))).toEqual([]);
    });

    it("stores the model's label, whatever label the browser sent", async () => {
      const m = memoryStore();
      await saveAnswers(m.store, 'sub', { answers: { applied_major: 'CS', applied_major_desc: 'Nursing' }, base: { applied_major_desc: '' } });
      expect(m.stored).toEqual({ applied_major: 'CS', applied_major_desc: 'Computer Science' });
    });

    it("stores a country's English name, though the browser's model knows it only by its code", async () => {
      const m = memoryStore();
      await saveAnswers(m.store, 'sub', { answers: { country: 'CAN', country_desc: 'CAN', citizenship_country: 'MEX' }, base: {} });
      expect(m.stored).toMatchObject({ country_desc: 'Canada', citizenship_country_desc: 'Mexico' });
    });

    it('ignores a label sent on its own', async () => {
      const m = memoryStore({ applied_major: 'CS', applied_major_desc: 'Computer Science' });
      await saveAnswers(m.store, 'sub', { answers: { applied_major_desc: 'Nursing' }, base: {} });
      expect(m.stored.applied_major_desc).toBe('Computer Science');
    });

    it("labels a concentration saved without its major by the stored major's options", async () => {
      const m = memoryStore({ applied_major: 'BUS', applied_major_desc: 'Business Administration' });
      await saveAnswers(m.store, 'sub', { answers: { applied_concentration: 'FIN', applied_concentration_desc: 'Nursing' }, base: {} });
      expect(m.stored.applied_concentration_desc).toBe('Finance');
    });

    it('stores no label for a value that is no option of the model, and labels months and years', async () => {
      const m = memoryStore();
      await saveAnswers(m.store, 'sub', {
        answers: { applied_major: 'XYZ', applied_major_desc: 'Nursing', grad_month: '5', grad_month_desc: 'Never', grad_year: '2027', grad_year_desc: '1999' },
        base: {},
      });
      expect(m.stored).toEqual({ applied_major: 'XYZ', grad_month: '5', grad_month_desc: 'May', grad_year: '2027', grad_year_desc: '2027' });
    });
  });

  describe('the entry term (issue 37)', () => {
    const rd = { id: 'rd', label: 'Regular Decision', deadline: '2027-01-15', decisionDate: '2027-03-15', replyBy: '2027-05-01' };
    const base = chicagoTimetable([rd]);
    const timetable: Timetable = {
      ...base,
      cycles: [
        { ...base.cycles[0]!, entryTerms: ['2027FA', '2028SP'] },
        { ...base.cycles[1]!, entryTerms: ['2028FA', '2029SP'] },
      ],
    };
    const inCycle2027 = new Date('2026-10-01T12:00:00-05:00');
    const cycle2028Opens = new Date('2027-08-01T00:00:00-05:00');

    function storeOn(initial: Answers = {}) {
      const m = memoryStore(initial);
      m.store.timetable = timetable;
      return m;
    }

    it("saves one of the current cycle's terms", async () => {
      const m = storeOn();
      await saveAnswers(m.store, 'sub', { answers: { entry_term: '2028SP' }, base: {} }, inCycle2027);
      expect(m.stored).toMatchObject({ entry_term: '2028SP', entry_term_desc: 'Spring 2028' });
    });

    it('refuses a term of another cycle, or a code of no term, with a 400 in words, and writes nothing of the save', async () => {
      const m = storeOn({ first_name: 'Ada', entry_term: '2027FA' });
      const error = await saveAnswers(m.store, 'sub', { answers: { first_name: 'Grace', entry_term: '2028FA' }, base: {} }, inCycle2027).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Invalid);
      const message =
        'Fall 2028 is not an entry term of the 2026–27 application, which offers Fall 2027 and Spring 2028. Nothing was saved: choose one of those terms.';
      expect((error as Invalid).message).toBe(message);
      expect((error as Invalid).status).toBe(400);
      expect((error as Invalid).errors).toEqual({ entry_term: [message] });
      const unknown = await saveAnswers(m.store, 'sub', { answers: { entry_term: 'ZZ' }, base: {} }, inCycle2027).catch((e: unknown) => e);
      expect((unknown as Invalid).message).toMatch(/^This term is not an entry term of the 2026–27 application/);
      expect(m.stored).toEqual({ first_name: 'Ada', entry_term: '2027FA' });
      expect(m.writes()).toBe(0);
    });

    it("takes the next cycle's terms from the minute it opens on the institution's clock, and clears a term with a blank", async () => {
      const m = storeOn({ entry_term: '2027FA' });
      const before = new Date(cycle2028Opens.getTime() - 1_000);
      // The last second of 2026–27 is after its last round: closed for writing whatever the term.
      await expect(saveAnswers(m.store, 'sub', { answers: { entry_term: '2028FA' }, base: {} }, before)).rejects.toBeInstanceOf(Conflict);
      await expect(saveAnswers(m.store, 'sub', { answers: { entry_term: '2027FA' }, base: {} }, cycle2028Opens)).rejects.toBeInstanceOf(Invalid);
      await saveAnswers(m.store, 'sub', { answers: { entry_term: '2028FA' }, base: {} }, cycle2028Opens);
      expect(m.stored.entry_term).toBe('2028FA');
      await saveAnswers(m.store, 'sub', { answers: { entry_term: '' }, base: {} }, cycle2028Opens);
      expect(m.stored.entry_term).toBeUndefined();
    });
  });
});

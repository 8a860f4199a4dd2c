import { describe, expect, it } from 'vitest';
import { addDays, wallTimeIn } from '#form/calendar';
import { timetable } from '#form/institution-cycles';
import type { MaterialMark } from '#form/wire/materials';
import { Conflict, Invalid, NotFound } from '../errors';
import { memoryAudit } from '../memory-audit.test-support';
import type { ApplicantRecord, DocumentItem } from '../ports/answers';
import type { NumberedChange } from '../ports/office-status';
import { markMaterial, MATERIAL_TEXT, type MarkMaterialPorts } from './mark';

const ID = '11111111-2222-3333-4444-555555555555';
const STAFF = { name: 'reader@example.edu' };
/** The test institution's first cycle: the application is submitted in it, marked weeks later. */
const OPENED = timetable.cycles[0]!.opens;
const SUBMITTED = `${addDays(OPENED, 10)}T10:00:00.000Z`;
const TODAY = addDays(OPENED, 40);
// Late in the evening on the institution's clock: UTC is already on the next day.
const NOW = wallTimeIn(TODAY, '23:00', timetable.timeZone);

const transcriptUpload: DocumentItem = {
  key: 'hs_transcript',
  file_key: 'uploads/x',
  file_name: 'transcript.pdf',
  file_size: 10,
  status: 'COMPLETED',
  updatedAt: '2026-10-20T10:00:00.000Z',
};

/**
 * One submitted application in memory with the adapter's conditions: the marks are written only
 * on the version read, the history's numbers are taken once. The sample checklist: transcript
 * (required), test scores (required when test_optional is Y), résumé (optional).
 */
function world(options: { submitted?: boolean; testScores?: boolean; documents?: DocumentItem[]; history?: NumberedChange[] } = {}) {
  let stored: { marks: Readonly<Record<string, MaterialMark>>; version: number } = { marks: {}, version: 0 };
  const history: NumberedChange[] = [...(options.history ?? [])];
  const writes: boolean[] = [];
  const { audit, records } = memoryAudit();
  const record = (): ApplicantRecord => ({
    answers: { test_optional: options.testScores ? 'Y' : 'N' },
    ...(options.submitted === false ? {} : { submittedAt: SUBMITTED }),
    documents: options.documents ?? [],
    supplements: [],
    ...(stored.version ? { materials: { marks: { ...stored.marks }, version: stored.version } } : {}),
  });
  const ports: MarkMaterialPorts = {
    readApplicantRecord: (id) => Promise.resolve(id === ID ? record() : { answers: {}, documents: [], supplements: [] }),
    materials: {
      writeMarks: (id, marks, complete, version) => {
        if (id !== ID || version !== stored.version) return Promise.resolve(false);
        stored = { marks, version: version + 1 };
        writes.push(complete);
        return Promise.resolve(true);
      },
    },
    history: {
      readHistory: () => Promise.resolve(history.map((c) => ({ ...c }))),
      appendHistory: (_id, change) => {
        if (history.some((c) => c.seq === change.seq)) return Promise.resolve(false);
        history.push(change);
        return Promise.resolve(true);
      },
    },
    audit,
    timetable,
    now: () => NOW,
  };
  return { ports, marks: () => stored.marks, history, writes, records };
}

const itemOf = (answer: { items: Array<{ id: string }> }, id: string) => answer.items.find((i) => i.id === id);

describe('markMaterial', () => {
  it('marks the transcript received today on the institution’s calendar; with nothing else required the application is complete', async () => {
    const w = world();
    const answer = await markMaterial(w.ports, { id: ID, item: 'transcript', status: 'received' }, STAFF);
    expect(w.marks()).toEqual({ transcript: { status: 'received', received_at: TODAY, by: STAFF.name, at: NOW.toISOString() } });
    expect(itemOf(answer, 'transcript')).toMatchObject({ state: 'received', receivedAt: TODAY, mark: { by: STAFF.name } });
    expect(answer.complete).toBe(true);
    expect(w.writes).toEqual([true]);
    expect(answer.message).toBe(`The high school transcript is marked received on ${TODAY}.`);
  });

  it('is complete only when every required item is received or waived', async () => {
    const w = world({ testScores: true });
    const first = await markMaterial(w.ports, { id: ID, item: 'transcript', status: 'received', received_at: addDays(OPENED, 20) }, STAFF);
    expect(first.complete).toBe(false);
    expect(itemOf(first, 'test_scores')).toMatchObject({ state: 'awaiting' });
    const second = await markMaterial(w.ports, { id: ID, item: 'test_scores', status: 'waived' }, STAFF);
    expect(itemOf(second, 'test_scores')).toMatchObject({ state: 'waived' });
    expect(second.complete).toBe(true);
    expect(w.writes).toEqual([false, true]);
  });

  it('undoes a mark: the item is awaited again and the application incomplete', async () => {
    const w = world();
    await markMaterial(w.ports, { id: ID, item: 'transcript', status: 'received' }, STAFF);
    const undone = await markMaterial(w.ports, { id: ID, item: 'transcript', status: 'awaiting' }, STAFF);
    expect(w.marks()).toEqual({});
    expect(itemOf(undone, 'transcript')).toMatchObject({ state: 'awaiting' });
    expect(undone.complete).toBe(false);
    expect(w.writes).toEqual([true, false]);
  });

  it('writes the history (any status kept) and the access record of each change', async () => {
    const w = world({
      history: [{ seq: 1, at: '2026-11-01T00:00:00.000Z', staff: 'a@example.edu', from: 'submitted', to: 'in_review', what: 'First review' }],
    });
    await markMaterial(w.ports, { id: ID, item: 'transcript', status: 'received', received_at: addDays(OPENED, 20) }, STAFF);
    await markMaterial(w.ports, { id: ID, item: 'transcript', status: 'awaiting' }, { name: 'Banner SIS' });
    expect(w.history.slice(1)).toEqual([
      {
        seq: 2,
        at: NOW.toISOString(),
        staff: STAFF.name,
        from: 'in_review',
        to: 'in_review',
        what: `Material received: High school transcript, ${addDays(OPENED, 20)}`,
        material: 'transcript',
      },
      {
        seq: 3,
        at: NOW.toISOString(),
        staff: 'Banner SIS',
        from: 'in_review',
        to: 'in_review',
        what: 'Material mark undone: High school transcript (awaited again)',
        material: 'transcript',
      },
    ]);
    expect(w.records).toEqual([
      { action: 'material', application: ID, detail: { item: 'transcript', status: 'received', received_at: addDays(OPENED, 20) } },
      { action: 'material', application: ID, detail: { item: 'transcript', status: 'awaiting' } },
    ]);
  });

  it('repeating the same mark writes nothing (a retried request is harmless)', async () => {
    const w = world();
    await markMaterial(w.ports, { id: ID, item: 'transcript', status: 'waived' }, STAFF);
    const again = await markMaterial(w.ports, { id: ID, item: 'transcript', status: 'waived' }, { name: 'other@example.edu' });
    expect(again.message).toContain('Nothing changed');
    expect(w.writes).toHaveLength(1);
    expect(w.history).toHaveLength(1);
    expect(w.records).toHaveLength(1);
    const undoNothing = await markMaterial(w.ports, { id: ID, item: 'resume', status: 'awaiting' }, STAFF);
    expect(undoNothing.message).toBe('The résumé was not marked: nothing changed.');
  });

  it('two marks of two items at once both stand', async () => {
    const w = world({ testScores: true });
    await Promise.all([
      markMaterial(w.ports, { id: ID, item: 'transcript', status: 'received' }, STAFF),
      markMaterial(w.ports, { id: ID, item: 'test_scores', status: 'received' }, { name: 'other@example.edu' }),
    ]);
    expect(Object.keys(w.marks()).sort()).toEqual(['test_scores', 'transcript']);
    expect(w.writes.at(-1)).toBe(true);
    expect(w.history.map((h) => h.material).sort()).toEqual(['test_scores', 'transcript']);
  });

  it('two different marks of one item at once: the first stands, the second is refused in words', async () => {
    const w = world();
    const [first, second] = await Promise.allSettled([
      markMaterial(w.ports, { id: ID, item: 'transcript', status: 'received' }, STAFF),
      markMaterial(w.ports, { id: ID, item: 'transcript', status: 'waived' }, { name: 'other@example.edu' }),
    ]);
    expect(first.status).toBe('fulfilled');
    expect(second).toMatchObject({ status: 'rejected', reason: new Conflict(MATERIAL_TEXT.meanwhile('High school transcript')) });
    expect(w.marks()).toMatchObject({ transcript: { status: 'received' } });
  });

  it('refuses an item the checklist does not have, naming it and the items there are', async () => {
    const w = world();
    const refusal = markMaterial(w.ports, { id: ID, item: 'portfolio', status: 'received' }, STAFF);
    await expect(refusal).rejects.toThrow(Invalid);
    await expect(refusal).rejects.toThrow('There is no material “portfolio” on the checklist: choose one of transcript, test_scores, resume.');
    expect(w.records).toEqual([]);
  });

  it('refuses a day in the future and one before the application’s cycle opened, writing nothing', async () => {
    const w = world();
    const tomorrow = addDays(TODAY, 1);
    await expect(markMaterial(w.ports, { id: ID, item: 'transcript', status: 'received', received_at: tomorrow }, STAFF)).rejects.toThrow(
      MATERIAL_TEXT.future(tomorrow, TODAY),
    );
    const dayBefore = addDays(OPENED, -1);
    await expect(markMaterial(w.ports, { id: ID, item: 'transcript', status: 'received', received_at: dayBefore }, STAFF)).rejects.toThrow(
      MATERIAL_TEXT.beforeStart(dayBefore, OPENED),
    );
    await expect(markMaterial(w.ports, { id: ID, item: 'transcript', status: 'received', received_at: OPENED }, STAFF)).resolves.toBeDefined();
    expect(w.writes).toHaveLength(1);
  });

  it('refuses an application that is not submitted (404), and a mark on what the applicant uploaded (409)', async () => {
    await expect(markMaterial(world({ submitted: false }).ports, { id: ID, item: 'transcript', status: 'received' }, STAFF)).rejects.toThrow(NotFound);
    await expect(markMaterial(world().ports, { id: 'another', item: 'transcript', status: 'received' }, STAFF)).rejects.toThrow(NotFound);
    const uploaded = world({ documents: [transcriptUpload] });
    await expect(markMaterial(uploaded.ports, { id: ID, item: 'transcript', status: 'waived' }, STAFF)).rejects.toThrow(
      MATERIAL_TEXT.uploaded('High school transcript'),
    );
    expect(uploaded.writes).toEqual([]);
  });
});

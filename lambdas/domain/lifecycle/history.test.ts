import { describe, expect, it } from 'vitest';
import type { NumberedChange, OfficeStatus, OfficeStatusStore } from '../ports/office-status';
import { changeOfficeStatus, currentStatus, noteOfficeChange, officeStatusView, WHAT_MAX_LENGTH } from './history';

/** In-memory ports: one submitted application, a history that refuses a number twice. */
function memory(submitted = ['app-1']) {
  const history = new Map<string, NumberedChange[]>();
  const marks: Array<[string, string, number]> = [];
  const ports: OfficeStatusStore & { readSubmitted(id: string): Promise<unknown> } = {
    readSubmitted: async (id) => (submitted.includes(id) ? { id } : undefined),
    readHistory: async (id) => [...(history.get(id) ?? [])],
    appendHistory: async (id, change) => {
      const list = history.get(id) ?? [];
      if (list.some((c) => c.seq === change.seq)) return false;
      history.set(id, [...list, change]);
      return true;
    },
    markStatus: async (id, status, seq) => {
      marks.push([id, status, seq]);
    },
  };
  return { ports, history, marks };
}

const at = new Date('2026-11-25T15:00:00Z');

describe('changeOfficeStatus', () => {
  it('moves submitted → in_review → decided → released, appending one numbered entry per change and copying the status', async () => {
    const { ports, history, marks } = memory();
    await changeOfficeStatus(ports, { id: 'app-1', to: 'in_review', staff: 'r@example.edu', what: 'First review' }, at);
    await changeOfficeStatus(ports, { id: 'app-1', to: 'decided', staff: 'd@example.edu', what: 'Decision: admit' }, at);
    const last = await changeOfficeStatus(ports, { id: 'app-1', to: 'released', staff: 'a@example.edu', what: 'Released' }, at);
    expect(last).toEqual({ seq: 3, at: at.toISOString(), staff: 'a@example.edu', from: 'decided', to: 'released', what: 'Released' });
    expect(history.get('app-1')!.map((c) => `${c.seq}:${c.from}>${c.to}`)).toEqual(['1:submitted>in_review', '2:in_review>decided', '3:decided>released']);
    expect(marks).toEqual([
      ['app-1', 'in_review', 1],
      ['app-1', 'decided', 2],
      ['app-1', 'released', 3],
    ]);
  });

  it('allows a decision without reviews and a released decision staged again', async () => {
    const { ports } = memory();
    await changeOfficeStatus(ports, { id: 'app-1', to: 'decided', staff: 'd@example.edu', what: 'Decision: deny' }, at);
    await changeOfficeStatus(ports, { id: 'app-1', to: 'released', staff: 'a@example.edu', what: 'Released' }, at);
    const again = await changeOfficeStatus(ports, { id: 'app-1', to: 'decided', staff: 'a@example.edu', what: 'Changed to admit: transcript corrected' }, at);
    expect(again).toMatchObject({ from: 'released', to: 'decided', seq: 3 });
  });

  it.each([
    ['submitted', 'released'],
    ['submitted', 'submitted'],
  ] as const)('refuses %s → %s (409, in words) and writes nothing', async (_from, to) => {
    const { ports, history, marks } = memory();
    await expect(changeOfficeStatus(ports, { id: 'app-1', to, staff: 's@example.edu', what: 'x' }, at)).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/^An application that is submitted cannot become/),
    });
    expect(history.size).toBe(0);
    expect(marks).toEqual([]);
  });

  it('refuses going back from in_review to submitted or from decided to in_review', async () => {
    const { ports } = memory();
    await changeOfficeStatus(ports, { id: 'app-1', to: 'in_review', staff: 's@example.edu', what: 'Review' }, at);
    await expect(changeOfficeStatus(ports, { id: 'app-1', to: 'submitted', staff: 's@example.edu', what: 'Undo' }, at)).rejects.toMatchObject({ status: 409 });
    await changeOfficeStatus(ports, { id: 'app-1', to: 'decided', staff: 's@example.edu', what: 'Decision' }, at);
    await expect(changeOfficeStatus(ports, { id: 'app-1', to: 'in_review', staff: 's@example.edu', what: 'Review' }, at)).rejects.toMatchObject({
      status: 409,
    });
  });

  it('a change racing another (its number taken) is refused and not copied', async () => {
    const { ports, marks } = memory();
    const racing = { ...ports, readHistory: async () => [] };
    await changeOfficeStatus(ports, { id: 'app-1', to: 'in_review', staff: 'a@example.edu', what: 'Review' }, at);
    await expect(changeOfficeStatus(racing, { id: 'app-1', to: 'decided', staff: 'b@example.edu', what: 'Decision' }, at)).rejects.toMatchObject({
      status: 409,
      message: /at the same moment/,
    });
    expect(marks).toHaveLength(1);
  });

  it('refuses an unknown application (404) and a change without words (400)', async () => {
    const { ports } = memory();
    await expect(changeOfficeStatus(ports, { id: 'nope', to: 'in_review', staff: 's@example.edu', what: 'Review' }, at)).rejects.toMatchObject({ status: 404 });
    await expect(changeOfficeStatus(ports, { id: 'app-1', to: 'in_review', staff: 's@example.edu', what: '  ' }, at)).rejects.toMatchObject({ status: 400 });
    await expect(
      changeOfficeStatus(ports, { id: 'app-1', to: 'in_review', staff: 's@example.edu', what: 'x'.repeat(WHAT_MAX_LENGTH + 1) }, at),
    ).rejects.toMatchObject({ status: 400 });
  });
});

describe('noteOfficeChange', () => {
  it('appends an entry that keeps the status, only while the status is the one named, and copies nothing', async () => {
    const { ports, history, marks } = memory();
    await expect(
      noteOfficeChange(ports, { id: 'app-1', to: 'decided', staff: 'd@example.edu', what: 'Decision changed: admit → deny' }, at),
    ).rejects.toMatchObject({ status: 409 });
    await changeOfficeStatus(ports, { id: 'app-1', to: 'decided', staff: 'd@example.edu', what: 'Decision: admit' }, at);
    const note = await noteOfficeChange(ports, { id: 'app-1', to: 'decided', staff: 'd@example.edu', what: 'Decision changed: admit → deny' }, at);
    expect(note).toMatchObject({ seq: 2, from: 'decided', to: 'decided' });
    expect(history.get('app-1')?.map((c) => c.seq)).toEqual([1, 2]);
    expect(marks).toEqual([['app-1', 'decided', 1]]);
  });
});

describe('the status of a history', () => {
  it("is submitted before any change, then the last change's", () => {
    expect(currentStatus([])).toEqual({ status: 'submitted', seq: 0 });
    const change: NumberedChange = { seq: 1, at: at.toISOString(), staff: 's', from: 'submitted', to: 'in_review', what: 'Review' };
    expect(officeStatusView([change], 'decider')).toEqual({
      office_status: 'in_review',
      history: [{ at: at.toISOString(), staff: 's', from: 'submitted', to: 'in_review', what: 'Review' }],
    });
  });
});

describe('the history as a role reads it', () => {
  const entry = (seq: number, from: OfficeStatus, to: OfficeStatus, what: string): NumberedChange => ({
    seq,
    at: at.toISOString(),
    staff: 's',
    from,
    to,
    what,
  });
  const history = [
    entry(1, 'submitted', 'in_review', 'First review'),
    entry(2, 'in_review', 'decided', 'Decision: deny. Reason: weak essays'),
    entry(3, 'decided', 'decided', 'Decision changed: deny → waitlist'),
    entry(4, 'decided', 'released', 'Released'),
    entry(5, 'released', 'decided', 'Released decision changed: waitlist → admit. Reason: Transcript corrected'),
  ];

  it('deciders and admins read every line as written', () => {
    for (const role of ['decider', 'admin'] as const) expect(officeStatusView(history, role).history.map((h) => h.what)).toEqual(history.map((h) => h.what));
  });

  it("a reader reads the table's words for readers: that a decision was recorded or changed, never which, nor why", () => {
    const seen = officeStatusView(history, 'reader');
    expect(seen.office_status).toBe('decided');
    expect(seen.history.map((h) => h.what)).toEqual(['First review', 'Decision recorded', 'Decision changed', 'Released', 'Released decision changed']);
    expect(seen.history.map((h) => [h.from, h.to, h.staff])).toEqual(history.map((h) => [h.from, h.to, h.staff]));
  });
});

describe("the moves the history accepts are the lifecycle table's", () => {
  it('refuses an entry that keeps a status no move of the table keeps with a history line', async () => {
    const { ports } = memory();
    await changeOfficeStatus(ports, { id: 'app-1', to: 'in_review', staff: 'r@example.edu', what: 'First review' }, at);
    await expect(noteOfficeChange(ports, { id: 'app-1', to: 'in_review', staff: 'r@example.edu', what: 'Again' }, at)).rejects.toMatchObject({ status: 409 });
  });
});

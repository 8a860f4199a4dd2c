import { describe, expect, it } from 'vitest';
import { Conflict, Forbidden, NotFound } from '../errors';
import { memoryAudit } from '../memory-audit.test-support';
import type { NotesStore, StoredNote } from '../ports/notes';
import { addNote, editNote, listNotes, NOTE_MAX_VERSIONS, NOTE_TEXT, type NoteWritePorts } from './notes';

const ID = '11111111-2222-3333-4444-555555555555';
const READER = 'reader@example.edu';
const DECIDER = 'decider@example.edu';

/** Notes in memory with the adapter's conditions: a new id once, a replacement only on the version read. */
function world(options: { submitted?: boolean; closing?: boolean } = {}) {
  const stored = new Map<string, StoredNote>();
  const key = (application: string, id: string) => `${application}/${id}`;
  let clock = Date.parse('2026-11-01T10:00:00.000Z');
  let ids = 0;
  const { audit, records } = memoryAudit();
  const notes: NotesStore = {
    listNotes: (application) => Promise.resolve([...stored].filter(([k]) => k.startsWith(`${application}/`)).map(([, n]) => structuredClone(n))),
    readNote: (application, id) => Promise.resolve(structuredClone(stored.get(key(application, id)))),
    addNote: (application, note) => {
      if (stored.has(key(application, note.id))) return Promise.resolve(false);
      stored.set(key(application, note.id), structuredClone(note));
      return Promise.resolve(true);
    },
    replaceNote: (application, note, version) => {
      if (stored.get(key(application, note.id))?.version !== version) return Promise.resolve(false);
      stored.set(key(application, note.id), structuredClone(note));
      return Promise.resolve(true);
    },
    deleteNote: (application, id) => {
      stored.delete(key(application, id));
      return Promise.resolve();
    },
  };
  const ports: NoteWritePorts = {
    notes,
    readAnswers: (id) => Promise.resolve(id === ID && options.submitted !== false ? { answers: {}, submittedAt: '2026-10-01T00:00:00.000Z' } : { answers: {} }),
    sessionClosed: () => Promise.resolve(options.closing === true),
    readMarker: () => Promise.resolve(undefined),
    audit,
    newId: () => `00000000-0000-4000-8000-00000000000${++ids}`,
    now: () => new Date((clock += 60_000)),
  };
  return { ports, stored, records };
}

describe('notes', () => {
  it('any staff member adds a note and every colleague reads them oldest first, each read and addition audited without the text', async () => {
    const { ports, records } = world();
    const first = await addNote(ports, ID, 'Called the counselor.', READER);
    const second = await addNote(ports, ID, 'Transcript promised by Friday.', DECIDER);
    expect(first).toEqual({
      message: NOTE_TEXT.added,
      note: { id: first.note.id, author: READER, text: 'Called the counselor.', created_at: '2026-11-01T10:01:00.000Z', history: [] },
    });
    const read = await listNotes(ports, ID, READER);
    expect(read.notes.map((n) => [n.author, n.text])).toEqual([
      [READER, 'Called the counselor.'],
      [DECIDER, 'Transcript promised by Friday.'],
    ]);
    expect(read.notes[1]).toEqual(second.note);
    expect(read.you).toBe(READER);
    expect(records).toEqual([
      { action: 'note.add', application: ID },
      { action: 'note.add', application: ID },
      { action: 'notes', application: ID },
    ]);
    expect(JSON.stringify(records)).not.toMatch(/counselor|Transcript/);
  });

  it('its author edits a note and the earlier texts stay in its history with the times they were written', async () => {
    const { ports, records } = world();
    const { note } = await addNote(ports, ID, 'First words.', READER);
    const once = await editNote(ports, ID, note.id, 'Second words.', READER);
    const twice = await editNote(ports, ID, note.id, 'Third words.', READER);
    expect(once.message).toBe(NOTE_TEXT.edited);
    expect(twice.note).toMatchObject({ text: 'Third words.', created_at: note.created_at, updated_at: '2026-11-01T10:03:00.000Z' });
    expect(twice.note.history).toEqual([
      { text: 'First words.', written_at: note.created_at },
      { text: 'Second words.', written_at: once.note.updated_at },
    ]);
    expect((await listNotes(ports, ID, READER)).notes).toEqual([twice.note]);
    expect(records.map((r) => r.action)).toEqual(['note.add', 'note.edit', 'note.edit', 'notes']);
  });

  it("refuses a colleague's edit (403) and changes nothing, an unchanged text writes nothing", async () => {
    const { ports, stored, records } = world();
    const { note } = await addNote(ports, ID, 'Mine.', READER);
    await expect(editNote(ports, ID, note.id, 'Theirs.', DECIDER)).rejects.toThrow(new Forbidden(NOTE_TEXT.notAuthor(READER)));
    const same = await editNote(ports, ID, note.id, 'Mine.', READER);
    expect(same.message).toBe(NOTE_TEXT.unchanged);
    expect([...stored.values()]).toEqual([{ ...note, version: 1 }]);
    expect(records.map((r) => r.action)).toEqual(['note.add']);
  });

  it('finds no note, no unsubmitted application, and refuses an edit that lost a race or one too many', async () => {
    const { ports } = world();
    await expect(editNote(ports, ID, '00000000-0000-4000-8000-000000000999', 'x', READER)).rejects.toThrow(new NotFound(NOTE_TEXT.noNote));
    const unsubmitted = world({ submitted: false });
    await expect(addNote(unsubmitted.ports, ID, 'x', READER)).rejects.toBeInstanceOf(NotFound);
    await expect(listNotes(unsubmitted.ports, ID, READER)).rejects.toBeInstanceOf(NotFound);
    expect(unsubmitted.records).toEqual([]);

    const { note } = await addNote(ports, ID, 'v1', READER);
    const racing: NoteWritePorts = { ...ports, notes: { ...ports.notes, replaceNote: () => Promise.resolve(false) } };
    await expect(editNote(racing, ID, note.id, 'v2', READER)).rejects.toThrow(new Conflict(NOTE_TEXT.meanwhile));

    for (let i = 2; i <= NOTE_MAX_VERSIONS; i++) await editNote(ports, ID, note.id, `v${i}`, READER);
    await expect(editNote(ports, ID, note.id, 'one more', READER)).rejects.toThrow(new Conflict(NOTE_TEXT.tooManyEdits));
    expect((await listNotes(ports, ID, READER)).notes[0]?.history).toHaveLength(NOTE_MAX_VERSIONS - 1);
  });

  it('takes back a note written while the account is being erased (404), so the erasure leaves none behind', async () => {
    const { ports, stored } = world({ closing: true });
    await expect(addNote(ports, ID, 'Too late.', READER)).rejects.toBeInstanceOf(NotFound);
    expect(stored.size).toBe(0);
  });
});

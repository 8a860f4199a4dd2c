/**
 * Notes between colleagues on a submitted application (issue 39, item 4): any staff member reads
 * them and adds one; only its author edits a note, and the text an edit replaces stays in the
 * note's history, so nothing written is lost. No route deletes a note: they go with the
 * application when it is erased (domain/data-rights/erasure.ts, through the store's list of items
 * keyed elsewhere). The access record says who read, added or edited notes on which application,
 * never their text: the record outlives an erased application, the notes must not.
 *
 * A new note written while the application is being erased could land after the erasure listed
 * what it deletes: as a late writer's (data-rights/late-writes.ts), the write is checked
 * afterwards and taken back when the account is closing. An edit needs no check: it replaces the
 * note only as read, so a note the erasure deleted is not written back.
 */
import type { NoteSaved, NotesReply } from '#form/wire/notes';
import { accountClosing } from '../data-rights/late-writes';
import { Conflict, Forbidden, NotFound } from '../errors';
import { NO_SUBMITTED_APPLICATION } from '../lifecycle/history';
import type { AnswersReader } from '../ports/answers';
import type { StaffAudit } from '../ports/audit';
import type { LateWritePorts } from '../ports/erasure';
import type { NotesStore, StoredNote } from '../ports/notes';

export interface NotesPorts {
  notes: NotesStore;
  /** The answers item: whether the application is submitted. */
  readAnswers: AnswersReader['readAnswers'];
  audit: StaffAudit;
  now(): Date;
}

export interface NoteWritePorts extends NotesPorts, Pick<LateWritePorts, 'sessionClosed' | 'readMarker'> {
  newId(): string;
}

/** Edits a note keeps before it asks for a new note instead (an item stays far below DynamoDB's 400 KB). */
export const NOTE_MAX_VERSIONS = 50;

export const NOTE_TEXT = {
  added: 'Your note is added.',
  edited: 'Your note is saved; its earlier text is kept in its history.',
  unchanged: 'The note already says this: nothing changed.',
  noNote: 'There is no such note on this application.',
  notAuthor: (author: string) => `Only its author (${author}) edits this note: add a note of your own instead.`,
  meanwhile: 'This note was edited elsewhere at the same moment. Reload the notes and try again.',
  tooManyEdits: `This note has been edited ${NOTE_MAX_VERSIONS - 1} times: add a new note instead.`,
} as const;

/** The note as the console reads it (its version is the store's). */
const shown = ({ version: _version, ...note }: StoredNote) => note;

async function requireSubmitted(ports: Pick<NotesPorts, 'readAnswers'>, id: string): Promise<void> {
  if (!(await ports.readAnswers(id)).submittedAt) throw new NotFound(NO_SUBMITTED_APPLICATION);
}

/** A write taken back when the application's account started closing meanwhile: then the application is gone (404). */
async function keepUnlessClosing(ports: NoteWritePorts, id: string, note: StoredNote): Promise<void> {
  if (!(await accountClosing(ports, id))) return;
  await ports.notes.deleteNote(id, note.id);
  throw new NotFound(NO_SUBMITTED_APPLICATION);
}

export async function listNotes(ports: NotesPorts, id: string, reader: string): Promise<NotesReply> {
  await requireSubmitted(ports, id);
  await ports.audit({ action: 'notes', application: id });
  const notes = await ports.notes.listNotes(id);
  return { notes: notes.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id)).map(shown), you: reader };
}

export async function addNote(ports: NoteWritePorts, id: string, text: string, author: string): Promise<NoteSaved> {
  await requireSubmitted(ports, id);
  const note: StoredNote = { id: ports.newId(), author, text, created_at: ports.now().toISOString(), history: [], version: 1 };
  await ports.audit({ action: 'note.add', application: id });
  // A new random id: refused only if the generator repeated itself.
  if (!(await ports.notes.addNote(id, note))) throw new Conflict(NOTE_TEXT.meanwhile);
  await keepUnlessClosing(ports, id, note);
  return { message: NOTE_TEXT.added, note: shown(note) };
}

export async function editNote(ports: NotesPorts, id: string, noteId: string, text: string, editor: string): Promise<NoteSaved> {
  await requireSubmitted(ports, id);
  const stored = await ports.notes.readNote(id, noteId);
  if (!stored) throw new NotFound(NOTE_TEXT.noNote);
  if (stored.author !== editor) throw new Forbidden(NOTE_TEXT.notAuthor(stored.author));
  if (stored.text === text) return { message: NOTE_TEXT.unchanged, note: shown(stored) };
  if (stored.history.length + 1 >= NOTE_MAX_VERSIONS) throw new Conflict(NOTE_TEXT.tooManyEdits);
  const at = ports.now().toISOString();
  const edited: StoredNote = {
    ...stored,
    text,
    updated_at: at,
    history: [...stored.history, { text: stored.text, written_at: stored.updated_at ?? stored.created_at }],
    version: stored.version + 1,
  };
  await ports.audit({ action: 'note.edit', application: id });
  // Refused: its author edited it in another tab between the read and the write; theirs stands, told.
  // A replacement, conditional on the note as read: one the erasure deleted meanwhile is not written back.
  if (!(await ports.notes.replaceNote(id, edited, stored.version))) throw new Conflict(NOTE_TEXT.meanwhile);
  return { message: NOTE_TEXT.edited, note: shown(edited) };
}

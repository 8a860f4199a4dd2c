/**
 * Notes between colleagues on a submitted application (issue 39, item 4): the staff routes' body
 * and answers. Staff only: no applicant route, the applicant's copy of their data, the PDF or the
 * student information system's record carries a note (they live in a partition of their own,
 * adapters/store/notes-store.ts). The console's form checks the same length with these words.
 */
import { bodyInput, InputError, rejectUnknownFields, requireObject } from './input';

/** A note's longest text: a colleague's remark, not a document (longer goes in several notes). */
export const NOTE_MAX_LENGTH = 2000;

export const NOTE_MESSAGES = {
  required: 'Write the note: it cannot be empty.',
  tooLong: `A note is at most ${NOTE_MAX_LENGTH} characters: shorten it or write two notes.`,
} as const;

/** An earlier text of a note, as it read until the next edit. */
export interface NoteVersion {
  text: string;
  /** When this text was written (the note's creation, or the edit that wrote it). */
  written_at: string;
}

export interface Note {
  id: string;
  /** The staff member who wrote it (their e-mail): the only one who may edit it. */
  author: string;
  text: string;
  created_at: string;
  /** The last edit, when there was one. */
  updated_at?: string;
  /** The texts it had before, oldest first: an edit never loses what was written. */
  history: NoteVersion[];
}

export interface NotesReply {
  /** Oldest first, as a conversation reads. */
  notes: Note[];
  /** The reader's e-mail: the console offers to edit the notes whose author this is. */
  you: string;
}

export interface NoteSaved {
  message: string;
  note: Note;
}

export interface NoteRequest {
  text: string;
}

/** `{text}`: trimmed, not empty, at most NOTE_MAX_LENGTH characters (code points, as a person counts them). */
export function parseNote(raw: unknown): NoteRequest {
  const body = requireObject(raw ?? {});
  rejectUnknownFields(body, ['text']);
  const text = typeof body.text === 'string' ? body.text.trim() : '';
  if (!text) throw new InputError(NOTE_MESSAGES.required, { text: [NOTE_MESSAGES.required] });
  if ([...text].length > NOTE_MAX_LENGTH) throw new InputError(NOTE_MESSAGES.tooLong, { text: [NOTE_MESSAGES.tooLong] });
  return { text };
}

export const noteInput = bodyInput<NoteRequest>()(parseNote);

/** A note's id: a UUID the server gave it. */
export function parseNoteId(raw: string | undefined): string {
  if (raw === undefined || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(raw)) throw new InputError('That is not a note id.');
  return raw;
}

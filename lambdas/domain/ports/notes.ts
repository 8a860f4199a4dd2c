/**
 * Notes between colleagues on an application as the use-cases need them (domain/notes/notes.ts):
 * each note one item, written new once and replaced only on the version read, so two edits at
 * once cannot lose one. Adapter: adapters/store/notes-store.ts.
 */
import type { Note } from '#form/wire/notes';

export type { Note };

export interface StoredNote extends Note {
  /** 1 when written; each edit adds one. */
  version: number;
}

export interface NotesStore {
  /** Every note of the application, in no particular order. */
  listNotes(application: string): Promise<StoredNote[]>;
  readNote(application: string, id: string): Promise<StoredNote | undefined>;
  /** Writes a new note; false when one with its id exists. */
  addNote(application: string, note: StoredNote): Promise<boolean>;
  /** Replaces a note as `note.version`; false when the stored one is no longer at `version` (edited meanwhile) or is gone. */
  replaceNote(application: string, note: StoredNote, version: number): Promise<boolean>;
  /** Takes a note back (a write that landed while the application was being erased); deleting a missing note succeeds. */
  deleteNote(application: string, id: string): Promise<void>;
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { object, string, type ObjectSchema } from 'yup';
import { NOTE_MAX_LENGTH, NOTE_MESSAGES, type Note } from '#form/wire/notes';
import { ErrorSummary } from '#web/components/ErrorSummary';
import { formatDateTime } from '../shared/format';
import { TextAreaField } from '../shared/TextAreaField';
import { useFocusOnOutcome, useStaffForm, type Values } from '../shared/use-staff-form';
import { notesQuery, useAddNote, useEditNote } from './notes-api';

/** The server's rule in its words: not empty, at most NOTE_MAX_LENGTH characters once trimmed. */
const noteSchema = object({
  text: string()
    .default('')
    .test('given', NOTE_MESSAGES.required, (v) => (v ?? '').trim() !== '')
    .test('length', NOTE_MESSAGES.tooLong, (v) => [...(v ?? '').trim()].length <= NOTE_MAX_LENGTH),
}) as ObjectSchema<Values>;

const HINT = `Every staff role reads the notes (readers too); the applicant never does. At most ${NOTE_MAX_LENGTH} characters.`;

/** Adding a note (no `note`) or editing one's own: a labelled text area, its errors in the summary and tied to it. */
function NoteForm({ id, note, onDone, onCancel }: { id: string; note?: Note; onDone: (message: string) => void; onCancel?: () => void }) {
  const adding = useAddNote(id);
  const editing = useEditNote(id, note?.id ?? '');
  const mutation = note ? editing : adding;
  const prefix = note ? `staff-note-${note.id}` : 'staff-note-new';
  const form = useStaffForm(noteSchema, { text: note?.text ?? '' }, { fields: ['text'], mutation, prefix });
  const submit = form.onSubmit((v) =>
    form.send({ text: (v.text ?? '').trim() }, (done) => {
      if (!note) form.reset({ text: '' });
      onDone(done.message);
    }),
  );
  const label = note ? `Edit your note of ${formatDateTime(note.created_at)}` : 'New note';
  return (
    <form noValidate onSubmit={submit} className="staff-note__form">
      <ErrorSummary {...form.summary} />
      <div id={form.fieldId('text')}>
        <TextAreaField label={label} name="text" value={form.values.text ?? ''} onValue={(v) => form.edit('text', v)} hint={HINT} errors={form.errors.text} />
      </div>
      <button type="submit" className="button" aria-disabled={mutation.isPending || undefined}>
        {mutation.isPending ? 'Please wait…' : note ? 'Save the note' : 'Add the note'}
      </button>
      {onCancel && (
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      )}
    </form>
  );
}

function NoteItem({ id, note, mine, onDone }: { id: string; note: Note; mine: boolean; onDone: (message: string) => void }) {
  const [editing, setEditing] = useState(false);
  return (
    <li className="staff-note">
      <p className="staff-note__meta">
        {note.author}, {formatDateTime(note.created_at)}
        {note.updated_at && ` (edited ${formatDateTime(note.updated_at)})`}
      </p>
      <p className="staff-note__text">{note.text}</p>
      {note.history.length > 0 && (
        <details>
          <summary>
            Earlier versions ({note.history.length})<span className="visually-hidden"> of the note by {note.author}</span>
          </summary>
          <ol className="staff-note__history">
            {note.history.map((v) => (
              <li key={v.written_at}>
                <p className="staff-note__meta">Written {formatDateTime(v.written_at)}</p>
                <p className="staff-note__text">{v.text}</p>
              </li>
            ))}
          </ol>
        </details>
      )}
      {mine &&
        (editing ? (
          <NoteForm
            id={id}
            note={note}
            onCancel={() => setEditing(false)}
            onDone={(message) => {
              setEditing(false);
              onDone(message);
            }}
          />
        ) : (
          <button type="button" className="button" onClick={() => setEditing(true)}>
            Edit <span className="visually-hidden">your note of {formatDateTime(note.created_at)}</span>
          </button>
        ))}
    </li>
  );
}

/**
 * The office's notes on the application (every role): who wrote each and when, the edits with
 * their earlier texts, a note added by anyone and edited by its author. The applicant never sees
 * them; an edit keeps what it replaced.
 */
export function Notes({ id }: { id: string }) {
  const notes = useQuery(notesQuery(id));
  const [done, setDone] = useState('');
  const message = useFocusOnOutcome<HTMLParagraphElement>(done);
  return (
    <section aria-labelledby="staff-notes-title" className="panel">
      <h2 id="staff-notes-title">Notes</h2>
      {done && (
        <p ref={message} tabIndex={-1} role="status" className="staff-saved">
          {done}
        </p>
      )}
      {notes.isPending && <p>Reading the notes…</p>}
      {notes.isError && <p>The notes could not be read: {notes.error.message}</p>}
      {notes.data &&
        (notes.data.notes.length === 0 ? (
          <p>No notes yet.</p>
        ) : (
          <ul className="staff-notes">
            {notes.data.notes.map((note) => (
              <NoteItem key={note.id} id={id} note={note} mine={note.author === notes.data.you} onDone={setDone} />
            ))}
          </ul>
        ))}
      <NoteForm id={id} onDone={setDone} />
    </section>
  );
}

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NOTE_MESSAGES, type Note } from '#form/wire/notes';
import { expectNoAxeViolations } from '#web/test/axe';
import { journeys, renderApp, sessionOf as session, stubStaffApi, summary, type Call } from '../shared/test-support';

journeys(30_000);

const ME = 'ana@example.edu';
const detail = { ...summary, pages: [], documents: [], pdf: { status: 'IN_PROGRESS' }, recommendations: [], office_status: 'submitted', history: [] };
const reviewForm = { 'GET /staff/api/review-form': { body: { criteria: [], recommendations: ['admit', 'deny', 'waitlist', 'defer'] } } };
const MINE = '00000000-0000-4000-8000-000000000001';
const noteCalls = (calls: Call[]) =>
  calls.filter((c) => c.method !== 'GET' && c.url.startsWith('/staff/api/applications/app-1/notes')).map((c) => [c.method, c.url, c.body]);

/** The notes as the server keeps them: a colleague's, and one of the signed-in member's with an earlier text; the routes add and edit. */
function notesServer(role: string) {
  const notes: Note[] = [
    { id: '00000000-0000-4000-8000-000000000002', author: 'bo@example.edu', text: 'Counselor called.', created_at: '2026-11-21T09:00:00.000Z', history: [] },
    {
      id: MINE,
      author: ME,
      text: 'Transcript promised by Friday.',
      created_at: '2026-11-22T09:00:00.000Z',
      updated_at: '2026-11-22T10:00:00.000Z',
      history: [{ text: 'Transcript promised.', written_at: '2026-11-22T09:00:00.000Z' }],
    },
  ];
  return stubStaffApi({
    ...session(role, ME),
    ...reviewForm,
    'GET /staff/api/applications/app-1': { body: detail },
    'GET /staff/api/applications/app-1/notes': () => ({ body: { notes: notes.map((n) => ({ ...n })), you: ME } }),
    'POST /staff/api/applications/app-1/notes': ({ body }) => {
      const note: Note = {
        id: '00000000-0000-4000-8000-000000000003',
        author: ME,
        text: (body as { text: string }).text,
        created_at: '2026-11-24T09:00:00.000Z',
        history: [],
      };
      notes.push(note);
      return { body: { message: 'Your note is added.', note } };
    },
    [`PUT /staff/api/applications/app-1/notes/${MINE}`]: ({ body }) => {
      const old = notes[1]!;
      notes[1] = {
        ...old,
        text: (body as { text: string }).text,
        updated_at: '2026-11-24T10:00:00.000Z',
        history: [...old.history, { text: old.text, written_at: old.updated_at! }],
      };
      return { body: { message: 'Your note is saved; its earlier text is kept in its history.', note: notes[1] } };
    },
  });
}

describe('notes on the application page', () => {
  it('shows every note with its author, lets a reader add one and edit only their own, keeping earlier versions disclosed', async () => {
    const calls = notesServer('reader');
    const user = userEvent.setup();
    renderApp('/staff/applications/app-1');
    const panel = await screen.findByRole('region', { name: 'Notes' });
    const items = await within(panel).findAllByRole('listitem');
    const [theirs, mine] = items.filter((li) => li.classList.contains('staff-note'));
    expect(theirs).toHaveTextContent('bo@example.edu');
    expect(theirs).toHaveTextContent('Counselor called.');
    // A colleague's note: no edit.
    expect(within(theirs!).queryByRole('button')).toBeNull();
    // The earlier text is behind a disclosure.
    const earlier = within(mine!).getByText(/^Earlier versions \(1\)/);
    await user.click(earlier);
    expect(within(mine!).getByText('Transcript promised.')).toBeVisible();
    await expectNoAxeViolations('the notes with their controls');

    // An empty note: the summary takes focus and the message is tied to the field.
    await user.click(within(panel).getByRole('button', { name: 'Add the note' }));
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent(NOTE_MESSAGES.required);
    const field = within(panel).getByLabelText('New note');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field.getAttribute('aria-describedby')).toContain(within(panel).getAllByText(NOTE_MESSAGES.required).at(-1)!.closest('[id]')!.id);
    await expectNoAxeViolations('a note refused');
    expect(noteCalls(calls)).toEqual([]);

    // With the keyboard: type, then Enter on the button.
    field.focus();
    await user.keyboard('Asked for the essay again.');
    within(panel).getByRole('button', { name: 'Add the note' }).focus();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent('Your note is added.'));
    await vi.waitFor(() => expect(within(panel).getByText('Asked for the essay again.')).toBeInTheDocument());
    expect(within(panel).getByLabelText('New note')).toHaveValue('');

    await user.click(within(mine!).getByRole('button', { name: /^Edit your note of/ }));
    const edit = within(panel).getByLabelText(/^Edit your note of/);
    expect(edit).toHaveValue('Transcript promised by Friday.');
    await user.clear(edit);
    await user.type(edit, 'Transcript arrived.');
    await user.click(within(panel).getByRole('button', { name: 'Save the note' }));
    await vi.waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent(/^Your note is saved/));
    await vi.waitFor(() => expect(within(panel).getByText(/^Earlier versions \(2\)/)).toBeInTheDocument());
    expect(noteCalls(calls)).toEqual([
      ['POST', '/staff/api/applications/app-1/notes', { text: 'Asked for the essay again.' }],
      ['PUT', `/staff/api/applications/app-1/notes/${MINE}`, { text: 'Transcript arrived.' }],
    ]);
  });

  it('says the server’s refusal in the form', async () => {
    stubStaffApi({
      ...session('decider', ME),
      ...reviewForm,
      'GET /staff/api/applications/app-1': { body: detail },
      'GET /staff/api/applications/app-1/notes': { body: { notes: [], you: ME } },
      'POST /staff/api/applications/app-1/notes': { status: 404, body: { message: 'There is no submitted application with this id.' } },
    });
    const user = userEvent.setup();
    renderApp('/staff/applications/app-1');
    const panel = await screen.findByRole('region', { name: 'Notes' });
    expect(await within(panel).findByText('No notes yet.')).toBeInTheDocument();
    await user.type(within(panel).getByLabelText('New note'), 'Hello');
    await user.click(within(panel).getByRole('button', { name: 'Add the note' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('There is no submitted application with this id.');
  });
});

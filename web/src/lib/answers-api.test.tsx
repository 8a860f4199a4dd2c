import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SaveConflictDialog from '../features/application/components/SaveConflictDialog';
import { fakeFetch, sentJson } from '../test/fetch';
import { answersStore, savedAnswersStore } from './answers';
import { saveCarriedAnswers, saveChangedAnswers, saveConflictStore, unsavedChanges } from './answers-api';

/** PUT /api/answer as the server answers it: each call takes the next reply; bodies are recorded. */
function server(replies: Array<{ status: number; body: Record<string, unknown> }>) {
  const bodies: Array<Record<string, unknown>> = [];
  vi.stubGlobal(
    'fetch',
    fakeFetch((url: string, init?: RequestInit) => {
      if (url !== '/api/answer' || init?.method !== 'PUT') throw new Error(`unexpected ${init?.method} ${url}`);
      bodies.push(sentJson(init) as Record<string, unknown>);
      const reply = replies[Math.min(bodies.length - 1, replies.length - 1)]!;
      return Response.json(reply.body, { status: reply.status });
    }),
  );
  return bodies;
}

function loaded(answers: Record<string, string>) {
  answersStore.set({ ...answers });
  savedAnswersStore.set({ ...answers });
}

const saved = { status: 200, body: { message: 'Your answers have been saved.' } };
const conflict = (conflicts: Record<string, string>) => ({ status: 409, body: { message: 'changed elsewhere', conflicts } });

describe('saving answers (only what changed, never over another tab)', () => {
  beforeEach(() => saveConflictStore.set(null));
  afterEach(() => vi.unstubAllGlobals());

  it('sends only the answers changed since they were loaded, each with the value it started from', async () => {
    const bodies = server([saved]);
    loaded({ first_name: 'Ada', last_name: 'Lovelace', city: 'London' });
    answersStore.set((a) => ({ ...a, first_name: 'Augusta', city: '' }));
    expect(await saveChangedAnswers()).toBe(true);
    expect(bodies).toEqual([{ first_name: 'Augusta', city: '', base: { first_name: 'Ada', city: 'London' } }]);
    expect(unsavedChanges()).toBe(false);
    // Nothing changed since: no request at all.
    expect(await saveChangedAnswers()).toBe(false);
    expect(bodies).toHaveLength(1);
  });

  it('sends a choice without its `_desc` label, which the server derives from the choice', async () => {
    const bodies = server([saved]);
    loaded({ entry_term: '2027FA', entry_term_desc: 'Fall 2027' });
    answersStore.set((a) => ({ ...a, entry_term: '2028SP', entry_term_desc: 'Spring 2028' }));
    expect(await saveChangedAnswers()).toBe(true);
    expect(bodies).toEqual([{ entry_term: '2028SP', base: { entry_term: '2027FA' } }]);
    // The label shown in this browser is not an unsaved change.
    expect(unsavedChanges()).toBe(false);
  });

  it("asks, in words, which value to keep when another tab changed the same answer, and keeps the applicant's own on request", async () => {
    const bodies = server([conflict({ last_name: 'King' }), saved]);
    loaded({ first_name: 'Ada', last_name: 'Lovelace' });
    answersStore.set((a) => ({ ...a, last_name: 'Byron' }));
    render(<SaveConflictDialog />);
    const saving = saveChangedAnswers();
    const dialog = await screen.findByRole('dialog', { name: 'Your answers were changed elsewhere' });
    const group = within(dialog).getByRole('group', { name: 'Last Name' });
    expect(group).toHaveTextContent('Keep the answer on this page: Byron');
    expect(group).toHaveTextContent('Use the answer saved in another tab or on another device: King');
    // A choice is required: saving without one says so at the question.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save my choices' }));
    expect(within(dialog).getByText('Choose which answer to keep for Last Name.')).toBeInTheDocument();
    fireEvent.click(within(group).getByRole('radio', { name: /Keep the answer on this page/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save my choices' }));
    await act(() => saving);
    expect(bodies).toEqual([
      { last_name: 'Byron', base: { last_name: 'Lovelace' } },
      { last_name: 'Byron', base: { last_name: 'King' } },
    ]);
    expect(answersStore.get().last_name).toBe('Byron');
    expect(unsavedChanges()).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("takes the other tab's value when chosen, shows options by their label, and sends nothing more for it", async () => {
    const bodies = server([conflict({ gender: 'F', gender_desc: 'Female', first_name: 'Augusta' }), saved]);
    loaded({ first_name: 'Ada', gender: 'M', gender_desc: 'Male' });
    answersStore.set((a) => ({ ...a, first_name: 'Annabella', gender: 'X', gender_desc: 'Nonbinary or another gender' }));
    render(<SaveConflictDialog />);
    const saving = saveChangedAnswers();
    const dialog = await screen.findByRole('dialog');
    const gender = within(dialog).getByRole('group', { name: 'Gender' });
    expect(gender).toHaveTextContent('Use the answer saved in another tab or on another device: Female');
    expect(gender).not.toHaveTextContent(/device: F(?!emale)/);
    expect(within(dialog).queryByRole('group', { name: /desc/ })).not.toBeInTheDocument();
    fireEvent.click(within(gender).getByRole('radio', { name: /another device/ }));
    fireEvent.click(within(within(dialog).getByRole('group', { name: 'First Name' })).getByRole('radio', { name: /another device/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save my choices' }));
    await act(() => saving);
    expect(bodies).toHaveLength(1);
    expect(answersStore.get()).toEqual({ first_name: 'Augusta', gender: 'F', gender_desc: 'Female' });
    expect(unsavedChanges()).toBe(false);
  });

  it('saves nothing and says so when the applicant closes the question; the changes stay unsaved', async () => {
    const bodies = server([conflict({ last_name: 'King' })]);
    loaded({ last_name: 'Lovelace' });
    answersStore.set({ last_name: 'Byron' });
    render(<SaveConflictDialog />);
    const saving = saveChangedAnswers().catch((e: Error) => e.message);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Not now' }));
    expect(await saving).toMatch(/not been saved/);
    expect(bodies).toHaveLength(1);
    expect(unsavedChanges()).toBe(true);
  });

  it('with no one to ask (idle logout), leaves the conflicting answer as the other tab saved it and saves the rest', async () => {
    const bodies = server([conflict({ last_name: 'King' }), saved]);
    loaded({ first_name: 'Ada', last_name: 'Lovelace' });
    answersStore.set({ first_name: 'Augusta', last_name: 'Byron' });
    const saving = saveChangedAnswers({ onConflict: 'skip' });
    // The idle logout forgets the session at once; the save must already hold what it sends.
    answersStore.set({});
    savedAnswersStore.set({});
    await saving;
    expect(bodies[1]).toEqual({ first_name: 'Augusta', base: { first_name: 'Ada' } });
    expect(saveConflictStore.get()).toBeNull();
  });

  it('answers typed before login start from no answer: a different stored answer is asked about, not replaced', async () => {
    const bodies = server([conflict({ last_name: 'Lovelace' }), saved]);
    render(<SaveConflictDialog />);
    const merging = saveCarriedAnswers({ first_name: 'Ada', last_name: 'Lovelace' }, { last_name: 'Byron', city: 'London' });
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('radio', { name: /another device: Lovelace/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save my choices' }));
    expect(await merging).toEqual({ first_name: 'Ada', last_name: 'Lovelace', city: 'London' });
    expect(bodies).toEqual([
      { last_name: 'Byron', city: 'London', base: { last_name: '', city: '' } },
      { city: 'London', base: { city: '' } },
    ]);
    await waitFor(() => expect(unsavedChanges()).toBe(false));
  });
});

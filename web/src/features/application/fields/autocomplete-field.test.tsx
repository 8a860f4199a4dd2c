import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answersStore } from '#web/lib/answers';
import { fakeFetch } from '#web/test/fetch';
import { getPage, pageNodes, type AutocompleteQuestion, type FormNode } from '../model';
import { AutocompleteField } from './AutocompleteField';

/** The real school lookup of the education page. */
function schoolLookup(): AutocompleteQuestion {
  const find = (nodes: readonly FormNode[]): AutocompleteQuestion | undefined => {
    for (const n of nodes) {
      if (n.kind === 'question' && n.type === 'autocomplete' && n.key === 'hs_name') return n;
      const inner = 'children' in n && Array.isArray(n.children) ? find(n.children as FormNode[]) : undefined;
      if (inner) return inner;
    }
    return undefined;
  };
  const q = find(pageNodes(getPage('education-ug')));
  if (!q) throw new Error('no school lookup on the education page');
  return q;
}

const record = {
  id: '441234',
  name: 'Hamilton Magnet High School',
  address_line_1: '854 School Drive',
  city: 'Austin',
  state: 'TX',
  state_desc: 'Texas',
  zip: '78701',
  country: 'USA',
  country_desc: 'United States',
};

/** /lookup/find: one suggestion for any text; the record by id, or a server error when `recordFails`. */
function lookupServer(recordFails: boolean) {
  vi.stubGlobal(
    'fetch',
    fakeFetch((url: string) => {
      const q = new URL(url, 'http://localhost').searchParams;
      if (q.has('text')) return Response.json([{ id: record.id, text: record.name, sub_text: 'Austin, TX' }]);
      if (recordFails) return Response.json({ message: 'unavailable' }, { status: 503 });
      return Response.json(record);
    }),
  );
}

async function typeAndChooseSuggestion(typed: string) {
  render(<AutocompleteField q={schoolLookup()} />);
  const input = screen.getByRole('combobox');
  fireEvent.change(input, { target: { value: typed } });
  await act(() => vi.advanceTimersByTimeAsync(250));
  // Options are chosen on mousedown, before the input's blur closes the list.
  fireEvent.mouseDown(await screen.findByRole('option', { name: /Hamilton Magnet High School/ }));
  await act(() => vi.advanceTimersByTimeAsync(0));
  return input;
}

describe('school lookup selection', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answersStore.set(() => ({}));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('fills every linked field from the chosen record, the state included although the country changes with it', async () => {
    lookupServer(false);
    const input = await typeAndChooseSuggestion('Hamil');
    const a = answersStore.get();
    expect([a.hs_name, a.hs_address_line_1, a.hs_city, a.hs_state, a.hs_state_desc, a.hs_zip, a.hs_country, a.hs_country_desc]).toEqual([
      'Hamilton Magnet High School',
      '854 School Drive',
      'Austin',
      'TX',
      'Texas',
      '78701',
      'USA',
      'United States',
    ]);
    expect(input).toHaveValue('Hamilton Magnet High School');
  });

  it("drops the chosen school's code once its name is edited, keeping the address typed or filled", async () => {
    lookupServer(false);
    const input = await typeAndChooseSuggestion('Hamil');
    expect(answersStore.get().hs_ceeb).toBe('441234');
    fireEvent.change(input, { target: { value: 'Hamilton Magnet High School X' } });
    expect(answersStore.get()).toMatchObject({ hs_name: 'Hamilton Magnet High School X', hs_ceeb: '', hs_city: 'Austin', hs_state: 'TX' });
  });

  it('keeps what the applicant typed when the record cannot be read', async () => {
    lookupServer(true);
    const input = await typeAndChooseSuggestion('Hamil');
    expect(answersStore.get().hs_name).toBe('Hamil');
    expect(answersStore.get().hs_city ?? '').toBe('');
    expect(input).toHaveValue('Hamil');
  });
});

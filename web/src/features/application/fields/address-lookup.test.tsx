import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answersStore } from '#web/lib/answers';
import { fakeFetch } from '#web/test/fetch';
import { getPage, pageNodes, type AutocompleteQuestion, type FormNode } from '../model';
import { AutocompleteField } from './AutocompleteField';

/** The real address lookup of the About page whose key is `key`. */
function addressLookup(key: string): AutocompleteQuestion {
  const find = (nodes: readonly FormNode[]): AutocompleteQuestion | undefined => {
    for (const n of nodes) {
      if (n.kind === 'question' && n.type === 'autocomplete' && n.key === key) return n;
      const kids: FormNode[] = [];
      if ('children' in n && Array.isArray(n.children)) kids.push(...(n.children as FormNode[]));
      if ('blocks' in n && Array.isArray(n.blocks)) kids.push(...(n.blocks as FormNode[][]).flat());
      const inner = find(kids);
      if (inner) return inner;
    }
    return undefined;
  };
  const q = find(pageNodes(getPage('about')));
  if (!q) throw new Error(`no address lookup ${key} on the About page`);
  return q;
}

/** A suggestion from the address dataset: a US address, as the lookup answers it. */
const record = { id: 'addr-000007', address_line_1: '7889 School Street', city: 'San Diego', state: 'CA', zip: '92101', country: 'USA' };

function lookupServer(r: Record<string, string> = record) {
  vi.stubGlobal(
    'fetch',
    fakeFetch((url: string) => {
      const q = new URL(url, 'http://localhost').searchParams;
      if (q.has('text')) return Response.json([{ id: r.id, text: r.address_line_1, sub_text: 'San Diego, CA' }]);
      return Response.json(r);
    }),
  );
}

async function type(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  await act(() => vi.advanceTimersByTimeAsync(250));
}

async function choose(name: RegExp) {
  fireEvent.mouseDown(await screen.findByRole('option', { name }));
  await act(() => vi.advanceTimersByTimeAsync(0));
}

const prefixes = ['', 'mailing_', 'parent_', 'parent_2_'];

describe.each(prefixes)('address lookup %s (never wipes what the applicant set above it)', (p) => {
  const k = (name: string) => `${p}${name}`;
  // The mailing and parent addresses show (and keep answers) only when "same as permanent" is No.
  const shown = p === 'mailing_' ? { mailing_addr_same_as_perm_addr: 'N' } : p ? { [`${p}addr_same_as_perm_addr`]: 'N' } : {};
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    lookupServer();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('choosing a suggestion keeps the chosen country and fills only what the record provides', async () => {
    answersStore.set(() => ({ ...shown, [k('country')]: 'USA', [k('country_desc')]: 'United States', [k('address_line_2')]: 'Apt 4' }));
    render(<AutocompleteField q={addressLookup(k('address_line_1'))} />);
    await type(screen.getByRole('combobox'), '7889');
    await choose(/7889 School Street/);
    expect(answersStore.get()).toMatchObject({
      [k('country')]: 'USA',
      [k('country_desc')]: 'United States',
      [k('address_line_1')]: '7889 School Street',
      [k('address_line_2')]: 'Apt 4',
      [k('city')]: 'San Diego',
      [k('state')]: 'CA',
      [k('state_desc')]: 'California',
      [k('zip')]: '92101',
    });
  });

  it('a suggestion from another country than the one chosen leaves the country, and fills no state it does not offer', async () => {
    answersStore.set(() => ({ ...shown, [k('country')]: 'CAN', [k('country_desc')]: 'Canada', [k('state')]: 'ON', [k('state_desc')]: 'Ontario' }));
    render(<AutocompleteField q={addressLookup(k('address_line_1'))} />);
    await type(screen.getByRole('combobox'), '7889');
    await choose(/7889 School Street/);
    expect(answersStore.get()).toMatchObject({ [k('country')]: 'CAN', [k('country_desc')]: 'Canada', [k('state')]: 'ON', [k('city')]: 'San Diego' });
  });

  it('"Use: …" changes only the address line, and the hint speaks of the address', async () => {
    const before = {
      [k('country')]: 'USA',
      [k('country_desc')]: 'United States',
      [k('city')]: 'Omaha',
      [k('state')]: 'NE',
      [k('state_desc')]: 'Nebraska',
      [k('zip')]: '68102',
      [k('address_line_2')]: 'Apt 4',
    };
    answersStore.set(() => ({ ...shown, ...before }));
    render(<AutocompleteField q={addressLookup(k('address_line_1'))} />);
    await type(screen.getByRole('combobox'), '12 Elm Road');
    await choose(/Use: 12 Elm Road/);
    expect(answersStore.get()).toEqual({ ...shown, ...before, [k('address_line_1')]: '12 Elm Road' });
    expect(screen.getByRole('status')).toHaveTextContent(/address/i);
    expect(screen.getByRole('status')).not.toHaveTextContent(/school/i);
  });

  it('clearing the box clears only the address line', async () => {
    const before = { [k('country')]: 'USA', [k('country_desc')]: 'United States', [k('city')]: 'Omaha', [k('state')]: 'NE', [k('state_desc')]: 'Nebraska' };
    answersStore.set(() => ({ ...shown, ...before, [k('address_line_1')]: '12 Elm Road' }));
    render(<AutocompleteField q={addressLookup(k('address_line_1'))} />);
    await type(screen.getByRole('combobox'), '');
    expect(answersStore.get()).toEqual({ ...shown, ...before, [k('address_line_1')]: '' });
  });
});

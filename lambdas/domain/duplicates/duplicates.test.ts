import { describe, expect, it } from 'vitest';
import type { AuditRecord } from '../ports/audit';
import type { SubmittedApplication } from '../ports/submissions';
import { flagDuplicates } from './flag';
import { mailbox, matchKeys, normalised } from './match';
import { MemoryDuplicates } from './memory.test-support';
import { markDuplicate, readDuplicates } from './office';

const at = new Date('2026-12-01T15:00:00Z');
const person = { first_name: 'Ada', last_name: 'Lovelace', birth_date: '2008-12-10', address_line_1: '12 St. James’s Square', zip: 'SW1Y 4JH', city: 'London' };

function app(id: string, answers: Record<string, string>, email = `${id}@example.com`, cycle = '2027'): SubmittedApplication {
  return {
    id,
    reference: `REF-${id}`,
    email,
    submittedAt: at.toISOString(),
    answers: { ...answers },
    officeStatus: 'submitted',
    placement: { cycle, round: 'rd', late: false },
  };
}

async function submitAll(store: MemoryDuplicates, ...apps: SubmittedApplication[]) {
  for (const a of apps) await flagDuplicates(store, a, at);
}

const rulesOf = async (store: MemoryDuplicates, id: string) => Object.fromEntries((await store.pairsOf(id)).map((p) => [p.other, p.rules]));

describe('match keys', () => {
  it('normalise accents, case, punctuation and spacing, and a mailbox’s +tag', () => {
    expect(normalised('  José-María  O’Brien ')).toBe('jose maria o brien');
    expect(mailbox('Ada.L+apply@Example.COM')).toBe('ada.l@example.com');
    expect(mailbox('not an address')).toBe('');
  });

  it('give a rule no value when one of its parts is empty', () => {
    const keys = matchKeys({ first_name: 'Ada', last_name: 'Lovelace' }, '');
    expect(keys).toEqual([]);
  });
});

describe('flagging at submission', () => {
  it('flags the same e-mail (case and +tag aside), the same last name and birth date, and the same birth date and address', async () => {
    const store = new MemoryDuplicates();
    await submitAll(
      store,
      app('a', person, 'ada@example.com'),
      app('b', { ...person, first_name: 'Augusta' }, 'ADA+second@example.com'),
      app('c', { ...person, first_name: 'Someone', last_name: 'Else' }, 'c@example.com'),
      app('d', { first_name: 'Zed', last_name: 'Other', birth_date: '2001-01-01' }),
    );
    expect(await rulesOf(store, 'a')).toEqual({ b: ['email', 'name-birth', 'birth-address'], c: ['birth-address'] });
    expect(await rulesOf(store, 'c')).toEqual({ a: ['birth-address'], b: ['birth-address'] });
    expect(await rulesOf(store, 'd')).toEqual({});
    expect([...store.open].sort()).toEqual(['a', 'b', 'c']);
  });

  it('flags first and last names swapped with the same birth date, in either order of submission', async () => {
    const store = new MemoryDuplicates();
    await submitAll(
      store,
      app('a', { first_name: 'Lee', last_name: 'Chen', birth_date: '2008-01-02' }),
      app('b', { first_name: 'chen', last_name: 'LEE', birth_date: '2008-01-02' }),
    );
    expect(await rulesOf(store, 'b')).toEqual({ a: ['swapped-names'] });
    expect(await rulesOf(store, 'a')).toEqual({ b: ['swapped-names'] });
  });

  it('compares within a cycle only, never an application with itself, and is repeatable', async () => {
    const store = new MemoryDuplicates();
    const a = app('a', person, 'ada@example.com', '2027');
    await submitAll(store, a, a, app('b', person, 'ada@example.com', '2028'));
    expect(await store.pairsOf('a')).toEqual([]);
    expect(store.open.size).toBe(0);
  });
});

describe('the office’s verdicts', () => {
  function ports(store: MemoryDuplicates, apps: SubmittedApplication[]) {
    const audited: Array<Pick<AuditRecord, 'action' | 'application' | 'detail'>> = [];
    return {
      audited,
      ports: {
        duplicates: store,
        readSubmitted: (id: string) => Promise.resolve(apps.find((x) => x.id === id && !x.answers.erased)),
        audit: (r: Pick<AuditRecord, 'action' | 'application' | 'detail'>) => Promise.resolve(audited.push(r)),
        now: () => at,
      },
    };
  }

  it('“not a duplicate” closes the flag on both sides for good: a repeated check does not bring it back', async () => {
    const store = new MemoryDuplicates();
    const apps = [app('a', person, 'ada@example.com'), app('b', person, 'ada@example.com'), app('c', { ...person, first_name: 'Carl' }, 'carl@example.com')];
    await submitAll(store, ...apps);
    const { ports: p, audited } = ports(store, apps);
    const marked = await markDuplicate(p, 'a', 'b', 'not', 'officer@example.edu');
    expect(marked.message).toMatch(/not a duplicate of REF-b/);
    expect(marked.items.find((i) => i.id === 'b')).toMatchObject({ state: 'not', by: 'officer@example.edu' });
    // Each keeps its mark while another of its flags is open (c matches both).
    expect([...store.open].sort()).toEqual(['a', 'b', 'c']);
    await submitAll(store, apps[1]!);
    expect((await store.pairsOf('b')).find((x) => x.other === 'a')?.state).toBe('not');
    expect(audited).toEqual([{ action: 'duplicate', application: 'a', detail: { verdict: 'not', other: 'REF-b' } }]);
    await markDuplicate(p, 'c', 'a', 'same', 'officer@example.edu');
    expect([...store.open].sort()).toEqual(['b', 'c']);
    expect((await readDuplicates(p, 'a')).items.map((i) => [i.id, i.state])).toEqual([
      ['b', 'not'],
      ['c', 'same'],
    ]);
  });

  it('refuses a verdict on two applications that are not flagged, and on an unknown application', async () => {
    const store = new MemoryDuplicates();
    const apps = [app('a', person), app('d', { first_name: 'Zed', last_name: 'Other', birth_date: '2001-01-01' })];
    await submitAll(store, ...apps);
    const { ports: p, audited } = ports(store, apps);
    await expect(markDuplicate(p, 'a', 'd', 'same', 'x@example.edu')).rejects.toMatchObject({
      status: 404,
      message: 'These two applications are not flagged as possible duplicates.',
    });
    await expect(markDuplicate(p, 'a', 'nobody', 'same', 'x@example.edu')).rejects.toMatchObject({ status: 404 });
    expect(audited).toEqual([]);
  });

  it('leaves out a flag whose other application was erased, and clears the list’s mark', async () => {
    const store = new MemoryDuplicates();
    const apps = [app('a', person, 'ada@example.com'), app('b', person, 'ada@example.com')];
    await submitAll(store, ...apps);
    apps[1]!.answers.erased = 'yes';
    apps[0]!.duplicate = true;
    const { ports: p } = ports(store, apps);
    expect((await readDuplicates(p, 'a')).items).toEqual([]);
    expect(store.open.has('a')).toBe(false);
  });
});

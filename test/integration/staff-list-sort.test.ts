/**
 * The staff list's sorts and new filters, and its saved filter sets (issue 39, item 6), over HTTP
 * on a local stack of its own (so the list holds only this test's applications) whose second round
 * is read blind with two reads required: twelve applications submitted through the applicant's
 * routes; the list by last name both ways (without case or accents), by state and high school;
 * by average score as a decider, with a blind round's score withheld until both reads are in;
 * a reader refused the score order and the decision filter in words; filter sets saved, listed,
 * shared with colleagues and not, changed by their owner only, and a shared one deleted by an admin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffApplicationSummary } from '#form/contract';
import { policies } from '#form/institution-policies';
import type { FilterSetSaved, FilterSetsReply } from '#form/wire/filter-sets';
import { completeApplication } from '../support/answers';
import { registeredApplicant } from '../support/client';
import { signedInStaff, type StaffClient } from '../support/staff';
import { cycleAround } from '../support/test-timetable';
import { startStackOnTimetable, type TimetableStack } from '../support/timetable-stack';

const ANN = 'ann.sorter@example.edu';
const BOB = 'bob.sorter@example.edu';
const DEE = 'dee.sorter@example.edu';
const scored = (n: number) => Object.fromEntries(policies.reviewRubric.map((c) => [c.key, n]));

/** Last name, state, high school code, round: the first ten in the open round, the last two in the blind one. */
const PEOPLE: Array<[string, string, string, string]> = [
  ['Young', 'TX', '123456', 'ea'],
  ['adams', 'CA', '654321', 'ea'],
  ['Émery', 'TX', '654321', 'ea'],
  ['Baker', 'IL', '123456', 'ea'],
  ['Zola', 'TX', '123456', 'ea'],
  ['Morgan', 'CA', '123456', 'ea'],
  ['Ng', 'IL', '654321', 'ea'],
  ['Olsen', 'TX', '654321', 'ea'],
  ['Price', 'CA', '123456', 'ea'],
  ['Quinn', 'IL', '123456', 'ea'],
  ['Reyes', 'TX', '123456', 'rd'],
  ['Diaz', 'CA', '654321', 'rd'],
];
const folded = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

let stack: TimetableStack;
let ann: StaffClient;
let bob: StaffClient;
let dee: StaffClient;
let admin: StaffClient;
/** Application id by last name. */
const idOf = new Map<string, string>();

async function submitted([lastName, state, school, round]: (typeof PEOPLE)[number]): Promise<void> {
  const a = await registeredApplicant(stack.url);
  const saved = await a.put('/api/answer', { ...completeApplication(), last_name: lastName, state, hs_ceeb: school, application_round: round });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const done = await a.post('/api/submit');
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  idOf.set(lastName, a.subject);
}

async function list(client: StaffClient, query: string): Promise<StaffApplicationSummary[]> {
  const res = await client.get<{ items: StaffApplicationSummary[]; cursor: string | null }>(`/staff/api/applications?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.cursor).toBeNull();
  return res.body.items;
}
const lastNames = (items: StaffApplicationSummary[]) => items.map((i) => i.name.replace(/^Ada /, ''));

beforeAll(async () => {
  stack = await startStackOnTimetable(
    'list-sort',
    (clock) => [
      cycleAround(clock, {
        id: 'current',
        label: 'This cycle',
        opens: -60,
        rounds: [
          { id: 'ea', label: 'Early Action', deadline: 150, decisionDate: 170, replyBy: 200 },
          { id: 'rd', label: 'Regular Decision', deadline: 160, decisionDate: 180, replyBy: 200, blindReading: true },
        ],
      }),
    ],
    { sections: { reading: { readsRequired: 2, committeeScoreGap: 3, assignments: [] } } },
  );
  for (let i = 0; i < PEOPLE.length; i += 4) await Promise.all(PEOPLE.slice(i, i + 4).map(submitted));
  [ann, bob, dee, admin] = await Promise.all([
    signedInStaff(stack.url, ANN, 'reader'),
    signedInStaff(stack.url, BOB, 'reader'),
    signedInStaff(stack.url, DEE, 'decider'),
    signedInStaff(stack.url, undefined, 'admin'),
  ]);
}, 300_000);

afterAll(() => stack?.stop());

describe('the list’s sorts and filters', () => {
  it('sorts by last name A to Z and back, without case or accents', async () => {
    const expected = PEOPLE.map(([name]) => name).sort((a, b) => folded(a).localeCompare(folded(b)));
    expect(lastNames(await list(ann, 'sort=name'))).toEqual(expected);
    expect(lastNames(await list(ann, 'sort=name&order=desc'))).toEqual([...expected].reverse());
  });

  it('filters by home state and high school, with a sort', async () => {
    const texasSchool = PEOPLE.filter(([, state, school]) => state === 'TX' && school === '123456').map(([name]) => name);
    expect(lastNames(await list(ann, 'state=tx&school=123456&sort=name'))).toEqual(texasSchool.sort());
    const refused = await ann.get<{ message: string }>('/staff/api/applications?state=XX');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('There is no state or province “XX”');
  });

  it('refuses a reader the score order and a decision filter in words (403)', async () => {
    const byScore = await ann.get<{ message: string }>('/staff/api/applications?sort=score');
    expect(byScore.status).toBe(403);
    expect(byScore.body.message).toContain('Only deciders and admins sort by average review score');
    const byDecision = await ann.get<{ message: string }>('/staff/api/applications?decision=admit');
    expect(byDecision.status).toBe(403);
    expect(byDecision.body.message).toContain('Only deciders and admins filter by decision');
    const exported = await ann.get('/staff/api/export.csv?reply=accept');
    expect(exported.status).toBe(403);
  });

  it('sorts by average score for a decider, and withholds a blind round’s score until both reads are in', async () => {
    const review = (client: StaffClient, name: string, n: number) =>
      client.post(`/staff/api/applications/${idOf.get(name)}/reviews`, { scores: scored(n), recommendation: n >= 3 ? 'admit' : 'deny', notes: '' });
    for (const [client, name, n] of [
      [ann, 'Young', 5],
      [bob, 'Young', 4],
      [ann, 'Baker', 2],
      [ann, 'Reyes', 5],
    ] as const)
      expect((await review(client, name, n)).status).toBe(200);

    let page = await list(dee, 'sort=score');
    expect(lastNames(page).slice(0, 2)).toEqual(['Young', 'Baker']);
    expect(page.slice(0, 2).map((i) => i.average_score)).toEqual([4.5, 2]);
    // The blind round's one read tells the order nothing: no score, among the unscored.
    const reyes = page.find((i) => i.id === idOf.get('Reyes'))!;
    expect(reyes).not.toHaveProperty('average_score');
    expect(page.indexOf(reyes)).toBeGreaterThan(1);
    // A reader's rows carry no score.
    expect((await list(ann, 'sort=name')).some((i) => 'average_score' in i)).toBe(false);

    // 5 and 3: an average of its own (a tie with Young's 4.5 would be ordered by the ids, at random).
    expect((await review(bob, 'Reyes', 3)).status).toBe(200);
    page = await list(dee, 'sort=score');
    expect(lastNames(page).slice(0, 3)).toEqual(['Young', 'Reyes', 'Baker']);
    expect(page[1]!.average_score).toBe(4);
    expect(lastNames(await list(admin, 'sort=score&order=asc')).slice(-3)).toEqual(['Baker', 'Reyes', 'Young']);
  });

  it('filters by decision for a decider', async () => {
    expect((await dee.put(`/staff/api/applications/${idOf.get('Young')}/decision`, { decision: 'admit' })).status).toBe(200);
    expect(lastNames(await list(dee, 'decision=admit'))).toEqual(['Young']);
    expect(await list(dee, 'decision=deny')).toEqual([]);
  });
});

describe('saved and shared filter sets', () => {
  const ids: Record<string, string> = {};

  it('saves a private set and a shared one; each colleague lists their own and the shared ones', async () => {
    const mine = await ann.post<FilterSetSaved>('/staff/api/filter-sets', { name: 'Texas by name', query: { state: 'TX', sort: 'name' }, shared: false });
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    ids.annPrivate = mine.body.set.id;
    const shared = await dee.post<FilterSetSaved>('/staff/api/filter-sets', { name: 'Admits', query: { decision: 'admit', sort: 'score' }, shared: true });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    ids.deeShared = shared.body.set.id;

    const annSees = await ann.get<FilterSetsReply>('/staff/api/filter-sets');
    expect(annSees.body.sets.map((s) => s.name)).toEqual(['Admits', 'Texas by name']);
    const bobSees = await bob.get<FilterSetsReply>('/staff/api/filter-sets');
    expect(bobSees.body.sets.map((s) => s.name)).toEqual(['Admits']);
    // A set's query is the list's address.
    const set = annSees.body.sets.find((s) => s.id === ids.annPrivate)!;
    expect(lastNames(await list(ann, new URLSearchParams(set.query as Record<string, string>).toString()))).toEqual(
      PEOPLE.filter(([, state]) => state === 'TX')
        .map(([name]) => name)
        .sort((a, b) => folded(a).localeCompare(folded(b))),
    );
  });

  it('refuses a reader a set with a decision filter (403)', async () => {
    const refused = await bob.post<{ message: string }>('/staff/api/filter-sets', { name: 'Peek', query: { decision: 'admit' }, shared: false });
    expect(refused.status).toBe(403);
  });

  it('lets only the owner change a set, and an admin delete a shared one but not see a private one', async () => {
    const notOwner = await bob.put<{ message: string }>(`/staff/api/filter-sets/${ids.deeShared}`, { name: 'Mine now' });
    expect(notOwner.status).toBe(403);
    expect(notOwner.body.message).toContain(`Only its owner (${DEE})`);
    const renamed = await ann.put<FilterSetSaved>(`/staff/api/filter-sets/${ids.annPrivate}`, { name: 'Texans', shared: true });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await bob.get<FilterSetsReply>('/staff/api/filter-sets')).body.sets.map((s) => s.name)).toEqual(['Admits', 'Texans']);
    expect((await ann.put(`/staff/api/filter-sets/${ids.annPrivate}`, { shared: false })).status).toBe(200);

    expect((await admin.delete(`/staff/api/filter-sets/${ids.annPrivate}`)).status).toBe(404);
    expect((await bob.delete(`/staff/api/filter-sets/${ids.deeShared}`)).status).toBe(403);
    expect((await admin.delete(`/staff/api/filter-sets/${ids.deeShared}`)).status).toBe(200);
    expect((await dee.get<FilterSetsReply>('/staff/api/filter-sets')).body.sets).toEqual([]);

    const trail = await admin.get<{ items: Array<{ action: string; summary: string }> }>('/staff/api/audit?action=filter-set.delete');
    expect(trail.status).toBe(200);
    expect(trail.body.items.map((r) => r.summary)).toContain(`Deleted the filter set “Admits” saved by ${DEE}`);
  });
});

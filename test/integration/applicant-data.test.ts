import { describe, expect, inject, it } from 'vitest';
import { allAnswerKeys } from '#form';
import { completeApplication } from '../support/answers';
import { ApiClient, PASSWORD, registeredApplicant } from '../support/client';

const baseUrl = inject('baseUrl');

describe('answers', () => {
  it('merges saves key by key, so two tabs saving different pages lose nothing, and an empty string clears', async () => {
    const a = await registeredApplicant(baseUrl);
    await a.put('/api/answer', { first_name: 'Ada', last_name: 'Lovelace' });
    await a.put('/api/answer', { city: 'London' });
    await a.put('/api/answer', { last_name: '' });
    expect((await a.get('/api/profile')).body.answer).toEqual({ first_name: 'Ada', city: 'London' });
  });

  it('saves every answer key of the application in one request and reads them back', async () => {
    const a = await registeredApplicant(baseUrl);
    // The entry term is the one value the save checks against its options (the cycle's terms).
    const { entry_term, entry_term_desc } = completeApplication();
    const all: Record<string, string> = { ...Object.fromEntries(allAnswerKeys.map((k, i) => [k, `v${i} ${k}`])), entry_term: entry_term! };
    const saved = await a.put('/api/answer', all);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // Labels (`<key>_desc`) are the server's, from the model: none of the other values is an
    // option, so no label is stored, except a year's, which is the year itself.
    const expected = Object.fromEntries(Object.entries(all).filter(([k]) => !k.endsWith('_desc')));
    for (const year of ['grad_year', 'sat_plan_year', 'act_plan_year']) expected[`${year}_desc`] = all[year]!;
    expected.entry_term_desc = entry_term_desc!;
    expect((await a.get('/api/profile')).body.answer).toEqual(expected);
  });

  it('loses nothing when many saves of different keys run at once', async () => {
    const a = await registeredApplicant(baseUrl);
    const keys = [
      'first_name',
      'middle_name',
      'last_name',
      'preferred_name',
      'city',
      'address_line_1',
      'address_line_2',
      'zip',
      'hs_name',
      'hs_city',
      'counselor_first_name',
      'counselor_last_name',
      'activity_name',
      'activity_2_name',
      'conviction_comment',
      'suspended_comment',
    ];
    const results = await Promise.all(keys.map((k, i) => a.put('/api/answer', { [k]: `value-${i}` })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const answer = (await a.get('/api/profile')).body.answer as Record<string, string>;
    expect(answer).toEqual(Object.fromEntries(keys.map((k, i) => [k, `value-${i}`])));
  });
});

/** A second tab or device of the same applicant: its own session, the same account. */
async function secondSession(username: string): Promise<ApiClient> {
  const other = new ApiClient(baseUrl);
  const login = await other.post('/public/login', { username, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login ${login.status}`);
  return other;
}

describe('answers saved from two tabs', () => {
  it("a save with base values writes only its own keys, so tab A's first name does not undo tab B's last name", async () => {
    const tabA = await registeredApplicant(baseUrl);
    await tabA.put('/api/answer', { first_name: 'Ada', last_name: 'Lovelace' });
    const tabB = await secondSession(tabA.username);
    expect((await tabB.put('/api/answer', { last_name: 'King', base: { last_name: 'Lovelace' } })).status).toBe(200);
    expect((await tabA.put('/api/answer', { first_name: 'Augusta', base: { first_name: 'Ada' } })).status).toBe(200);
    expect((await tabA.get('/api/profile')).body.answer).toEqual({ first_name: 'Augusta', last_name: 'King' });
  });

  it('refuses with 409, naming the other value, a key changed elsewhere since this tab read it, and stores nothing of that save', async () => {
    const tabA = await registeredApplicant(baseUrl);
    await tabA.put('/api/answer', { first_name: 'Ada', last_name: 'Lovelace' });
    const tabB = await secondSession(tabA.username);
    await tabB.put('/api/answer', { last_name: 'King', base: { last_name: 'Lovelace' } });
    const res = await tabA.put<{ message: string; conflicts: Record<string, string> }>('/api/answer', {
      first_name: 'Augusta',
      last_name: 'Byron',
      base: { first_name: 'Ada', last_name: 'Lovelace' },
    });
    expect(res.status).toBe(409);
    expect(res.body.conflicts).toEqual({ last_name: 'King' });
    expect(res.body.message).toMatch(/another tab or on another device/);
    expect((await tabA.get('/api/profile')).body.answer).toEqual({ first_name: 'Ada', last_name: 'King' });
    // The applicant chose their own value: sent again with the other value as its base, it is saved.
    const again = await tabA.put('/api/answer', { first_name: 'Augusta', last_name: 'Byron', base: { first_name: 'Ada', last_name: 'King' } });
    expect(again.status).toBe(200);
    expect((await tabA.get('/api/profile')).body.answer).toEqual({ first_name: 'Augusta', last_name: 'Byron' });
  });

  it('treats an empty base as "no answer": an answer given elsewhere meanwhile is a conflict, and so is one removed elsewhere', async () => {
    const tabA = await registeredApplicant(baseUrl);
    await tabA.put('/api/answer', { city: 'London' });
    const tabB = await secondSession(tabA.username);
    await tabB.put('/api/answer', { middle_name: 'Augusta', city: '', base: { middle_name: '', city: 'London' } });
    const res = await tabA.put<{ conflicts: Record<string, string> }>('/api/answer', {
      middle_name: 'Byron',
      city: 'Paris',
      base: { middle_name: '', city: 'London' },
    });
    expect(res.status).toBe(409);
    expect(res.body.conflicts).toEqual({ middle_name: 'Augusta', city: '' });
    expect((await tabA.get('/api/profile')).body.answer).toEqual({ middle_name: 'Augusta' });
  });

  it('is no conflict when the other tab already saved the same value', async () => {
    const tabA = await registeredApplicant(baseUrl);
    await tabA.put('/api/answer', { first_name: 'Ada' });
    const tabB = await secondSession(tabA.username);
    await tabB.put('/api/answer', { first_name: 'Augusta', base: { first_name: 'Ada' } });
    expect((await tabA.put('/api/answer', { first_name: 'Augusta', base: { first_name: 'Ada' } })).status).toBe(200);
  });

  it('lets exactly one of many tabs racing to change the same answer from the same value win; the rest are told the winner', async () => {
    const first = await registeredApplicant(baseUrl);
    await first.put('/api/answer', { last_name: 'Lovelace' });
    const tabs = [first, ...(await Promise.all(Array.from({ length: 7 }, () => secondSession(first.username))))];
    const results = await Promise.all(
      tabs.map((tab, i) =>
        tab.put<{ conflicts?: Record<string, string> }>('/api/answer', {
          last_name: `Name ${i}`,
          [`activity_name`]: `Tab ${i}`,
          base: { last_name: 'Lovelace', activity_name: '' },
        }),
      ),
    );
    const won = results.filter((r) => r.status === 200);
    const lost = results.filter((r) => r.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(tabs.length - 1);
    const stored = (await first.get('/api/profile')).body.answer as Record<string, string>;
    const winner = results.indexOf(won[0]!);
    expect(stored).toEqual({ last_name: `Name ${winner}`, activity_name: `Tab ${winner}` });
    for (const r of lost) expect(r.body.conflicts).toEqual({ last_name: `Name ${winner}`, activity_name: `Tab ${winner}` });
  });

  it('writes keys without a base as before (clients that send the plain answer map)', async () => {
    const tabA = await registeredApplicant(baseUrl);
    await tabA.put('/api/answer', { first_name: 'Ada', last_name: 'Lovelace' });
    expect((await tabA.put('/api/answer', { first_name: 'Augusta', last_name: 'King', base: { first_name: 'Ada' } })).status).toBe(200);
    expect((await tabA.get('/api/profile')).body.answer).toEqual({ first_name: 'Augusta', last_name: 'King' });
  });

  it('refuses a malformed base with 400 and stores nothing', async () => {
    const a = await registeredApplicant(baseUrl);
    for (const body of [
      { first_name: 'Ada', base: 'Ada' },
      { first_name: 'Ada', base: ['Ada'] },
      { first_name: 'Ada', base: { first_name: 1 } },
      { first_name: 'Ada', base: { last_name: 'Lovelace' } },
      { first_name: 'Ada', base: { nope: '' } },
    ]) {
      const res = await a.put<{ message: string }>('/api/answer', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toMatch(/\S/);
    }
    expect((await a.get('/api/profile')).body.answer).toEqual({});
  });

  it('checks up to 60 answers against their base in one save, and refuses more than one check can cover with 400', async () => {
    const a = await registeredApplicant(baseUrl);
    const keys = allAnswerKeys.slice(0, 60);
    const answers = Object.fromEntries(keys.map((k, i) => [k, `v${i}`]));
    expect((await a.put('/api/answer', { ...answers, base: Object.fromEntries(keys.map((k) => [k, ''])) })).status).toBe(200);
    expect((await a.get('/api/profile')).body.answer).toEqual(answers);
    const all = Object.fromEntries(allAnswerKeys.map((k) => [k, 'x']));
    const tooMany = await a.put<{ message: string }>('/api/answer', { ...all, base: Object.fromEntries(allAnswerKeys.map((k) => [k, ''])) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/at most/);
    expect((await a.get('/api/profile')).body.answer).toEqual(answers);
  });

  it('answers a submitted application with the submitted message, not a choice', async () => {
    const a = await registeredApplicant(baseUrl);
    expect((await a.put('/api/answer', completeApplication())).status).toBe(200);
    expect((await a.post('/api/submit')).status).toBe(200);
    const res = await a.put<{ message: string; conflicts?: unknown }>('/api/answer', { first_name: 'Changed', base: { first_name: 'Someone else' } });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already been submitted/);
    expect(res.body.conflicts).toBeUndefined();
  });
});

describe('last page, web status, validations', () => {
  it('stores the last page visited', async () => {
    const a = await registeredApplicant(baseUrl);
    expect((await a.put('/api/last-page', { last_page: '/education-ug' })).status).toBe(200);
    expect((await a.get('/api/profile')).body.last_page).toBe('/education-ug');
  });

  it('moves the web status only forward, one step at a time, idempotently', async () => {
    const a = await registeredApplicant(baseUrl);
    expect((await a.post('/api/web-status', { web_status: 'validating' })).status).toBe(409);
    expect((await a.post('/api/web-status', { web_status: 'started' })).status).toBe(200);
    expect((await a.post('/api/web-status', { web_status: 'started' })).status).toBe(200);
    expect((await a.post('/api/web-status', { web_status: 'submitted' })).status).toBe(409);
    expect((await a.post('/api/web-status', { web_status: 'validating' })).status).toBe(200);
    expect((await a.post('/api/web-status', { web_status: 'started' })).status).toBe(200);
    expect((await a.get('/api/profile')).body.web_status).toEqual([{ web_status: 'started' }, { web_status: 'validating' }]);
  });

  it('keeps one entry per status when the same status is posted concurrently', async () => {
    const a = await registeredApplicant(baseUrl);
    await Promise.all(Array.from({ length: 6 }, () => a.post('/api/web-status', { web_status: 'started' })));
    expect((await a.get('/api/profile')).body.web_status).toEqual([{ web_status: 'started' }]);
  });

  it('accepts the problems map from the client', async () => {
    const a = await registeredApplicant(baseUrl);
    const res = await a.post('/api/validations', { first_name: ['First Name'], birth_date: ['A valid date of birth is required.'] });
    expect(res.status).toBe(200);
  });
});

describe('tabs and add-another', () => {
  it('stores the chosen tab per group and the count per button', async () => {
    const a = await registeredApplicant(baseUrl);
    expect((await a.get('/api/tabs')).body).toEqual({});
    expect((await a.put('/api/tabs', { tab_id: 'transcript_source', chosen_tab: 'counselor' })).status).toBe(200);
    expect((await a.get('/api/tabs')).body).toEqual({ transcript_source: 'counselor' });
    expect((await a.put('/api/add-another', { button_id: 'activities', num_components: 3 })).status).toBe(200);
    expect((await a.put('/api/add-another', { button_id: 'activities', num_components: 4 })).status).toBe(200);
    expect((await a.get('/api/add-another')).body).toEqual({ activities: 4 });
    expect((await a.put('/api/add-another', { button_id: 'activities', num_components: 5 })).status).toBe(400);
  });
});

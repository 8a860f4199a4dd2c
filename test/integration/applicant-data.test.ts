import { describe, expect, inject, it } from 'vitest';
import { allAnswerKeys } from '../../form';
import { registeredApplicant } from '../support/client';

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
    const all = Object.fromEntries(allAnswerKeys.map((k, i) => [k, `v${i} ${k}`]));
    expect((await a.put('/api/answer', all)).status).toBe(200);
    expect((await a.get('/api/profile')).body.answer).toEqual(all);
  });

  it('loses nothing when many saves of different keys run at once', async () => {
    const a = await registeredApplicant(baseUrl);
    const keys = ['first_name', 'middle_name', 'last_name', 'preferred_name', 'city', 'address_line_1', 'address_line_2', 'zip', 'hs_name', 'hs_city', 'counselor_first_name', 'counselor_last_name', 'activity_name', 'activity_2_name', 'conviction_comment', 'suspended_comment'];
    const results = await Promise.all(keys.map((k, i) => a.put('/api/answer', { [k]: `value-${i}` })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const answer = (await a.get('/api/profile')).body.answer as Record<string, string>;
    expect(answer).toEqual(Object.fromEntries(keys.map((k, i) => [k, `value-${i}`])));
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

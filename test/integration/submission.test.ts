import { describe, expect, inject, it } from 'vitest';
import { markSubmitted, releaseReference, reserveReference } from '#adapters/store/answers-store';
import { lockSubmission } from '#domain/submission-lock';
import { setConfig } from '#lambdas/config';
import { completeApplication } from '../support/answers';
import { registeredApplicant } from '../support/client';

const baseUrl = inject('baseUrl');

describe('submitting an application', () => {
  it('answers 422 with the problems per question when anything is missing, and changes nothing', async () => {
    const a = await registeredApplicant(baseUrl);
    const { last_name: _omit, ...partial } = completeApplication();
    await a.put('/api/answer', partial);
    const res = await a.post('/api/submit');
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("We're missing some information!");
    expect(res.body.problems).toEqual({ last_name: ['Last Name'] });
    expect((await a.get('/api/profile')).body.web_status).toEqual([]);
    expect((await a.put('/api/answer', { last_name: 'Lovelace' })).status).toBe(200);
  });

  it('checks the rules of the form on the server, not only required fields', async () => {
    const a = await registeredApplicant(baseUrl);
    await a.put('/api/answer', { ...completeApplication(), phone_mobile: '(123) 555-0100', birth_date: `${new Date().getFullYear() - 5}-01-01` });
    const res = await a.post('/api/submit');
    expect(res.status).toBe(422);
    expect(res.body.problems).toMatchObject({
      phone_mobile: ['Please enter a valid cell phone number.'],
      birth_date: ['You must be 13 years or older to apply.'],
    });
  });

  it('submits a complete application, completes the status, then refuses new answers', async () => {
    const a = await registeredApplicant(baseUrl);
    expect((await a.put('/api/answer', completeApplication())).status).toBe(200);
    const res = await a.post('/api/submit');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your application was successfully submitted.');
    const profile = (await a.get('/api/profile')).body;
    expect(profile.web_status).toEqual([{ web_status: 'started' }, { web_status: 'validating' }, { web_status: 'submitted' }]);

    const late = await a.put('/api/answer', { first_name: 'Changed' });
    expect(late.status).toBe(409);
    expect((await a.get('/api/profile')).body.answer).toMatchObject({ first_name: 'Ada' });
  });

  it('refuses changes to what the printed application is made of once it is submitted: tabs, blocks, new uploads', async () => {
    const a = await registeredApplicant(baseUrl);
    await a.put('/api/answer', completeApplication());
    const tabsBefore = (await a.get('/api/tabs')).body;
    const countsBefore = (await a.get('/api/add-another')).body;
    expect((await a.post('/api/submit')).status).toBe(200);

    const tab = await a.put('/api/tabs', { tab_id: 'transcript_source', chosen_tab: 'counselor' });
    expect([tab.status, tab.body.message]).toEqual([409, 'Your application has already been submitted, so it can no longer be changed.']);
    const block = await a.put('/api/add-another', { button_id: 'parents', num_components: 2 });
    expect([block.status, block.body.message]).toEqual([409, 'Your application has already been submitted, so it can no longer be changed.']);
    const grant = await a.post('/api/presigned-url', { answer_key: 'hs_transcript' });
    expect([grant.status, grant.body.message]).toEqual([409, 'Your application has already been submitted, so it can no longer be changed.']);

    expect((await a.get('/api/tabs')).body).toEqual(tabsBefore);
    expect((await a.get('/api/add-another')).body).toEqual(countsBefore);
  });

  it('yields one submission when submit is pressed twice at once', async () => {
    const a = await registeredApplicant(baseUrl);
    await a.put('/api/answer', completeApplication());
    const results = await Promise.all([a.post('/api/submit'), a.post('/api/submit'), a.post('/api/submit')]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const profile = (await a.get('/api/profile')).body;
    expect(profile.web_status).toEqual([{ web_status: 'started' }, { web_status: 'validating' }, { web_status: 'submitted' }]);
  });

  it('assigns a reference once: GET /api/profile returns it beside submitted_at, and a second submit keeps both', async () => {
    const a = await registeredApplicant(baseUrl);
    const before = (await a.get('/api/profile')).body;
    expect([before.reference, before.submitted_at]).toEqual([null, null]);
    await a.put('/api/answer', completeApplication());
    expect((await a.post('/api/submit')).status).toBe(200);
    const first = (await a.get('/api/profile')).body;
    expect(first.reference).toMatch(/^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{8}$/);
    expect(first.submitted_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    expect(Math.abs(Date.parse(first.submitted_at as string) - Date.now())).toBeLessThan(60_000);

    expect((await a.post('/api/submit')).status).toBe(200);
    const second = (await a.get('/api/profile')).body;
    expect([second.reference, second.submitted_at]).toEqual([first.reference, first.submitted_at]);
  });

  it('gives racing submits one reference, and different applications different references', async () => {
    const [a, b] = await Promise.all([registeredApplicant(baseUrl), registeredApplicant(baseUrl)]);
    await Promise.all([a.put('/api/answer', completeApplication()), b.put('/api/answer', completeApplication())]);
    await Promise.all([a.post('/api/submit'), a.post('/api/submit'), b.post('/api/submit')]);
    const [pa, pb] = [(await a.get('/api/profile')).body, (await b.get('/api/profile')).body];
    expect(pa.reference).toMatch(/^[0-9A-Z]{8}$/);
    expect(pb.reference).toMatch(/^[0-9A-Z]{8}$/);
    expect(pa.reference).not.toBe(pb.reference);
  });

  it('draws another reference when the one drawn is taken (the reservation is a conditional write)', async () => {
    setConfig({ dynamodbEndpoint: inject('dynamodbEndpoint') });
    const [a, b] = await Promise.all([registeredApplicant(baseUrl), registeredApplicant(baseUrl)]);
    await a.put('/api/answer', completeApplication());
    expect((await a.post('/api/submit')).status).toBe(200);
    const taken = (await a.get('/api/profile')).body.reference as string;
    const draws = [taken, taken, 'ZZZZ0000'.replace('0000', taken.slice(0, 4))];
    expect(await lockSubmission({ reserveReference, markSubmitted, releaseReference }, b.subject, new Date(), () => draws.shift() as string)).toBe(true);
    expect(draws).toEqual([]);
    expect((await b.get('/api/profile')).body.reference).toBe(`ZZZZ${taken.slice(0, 4)}`);
    expect((await a.get('/api/profile')).body.reference).toBe(taken);
  });
});

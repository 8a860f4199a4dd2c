import { beforeAll, describe, expect, inject, it } from 'vitest';
import { issueToken } from '#adapters/store/tokens-store';
import { setConfig } from '#lambdas/config';
import { ApiClient, registeredApplicant } from '../support/client';

const baseUrl = inject('baseUrl');

beforeAll(() => {
  // Seed tokens straight into the stack's tables, as the PDF renderer (service) or an office tool (tmp) would.
  setConfig({ dynamodbEndpoint: inject('dynamodbEndpoint'), s3Endpoint: inject('s3Endpoint') });
});

describe('service tokens', () => {
  it("read exactly one applicant's application, read-only", async () => {
    const [a, b] = await Promise.all([registeredApplicant(baseUrl), registeredApplicant(baseUrl)]);
    await a.put('/api/answer', { first_name: 'Ada' });
    await a.put('/api/tabs', { tab_id: 'transcript_source', chosen_tab: 'counselor' });
    await a.put('/api/add-another', { button_id: 'activities', num_components: 2 });
    await b.put('/api/answer', { first_name: 'Bea' });
    const sub = a.subject;
    const token = await issueToken({ kind: 'service', sub }, 60);

    const res = await new ApiClient(baseUrl).get(`/service/tmp-pdf?service_token=${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      answer: { first_name: 'Ada' },
      add_another: { activities: 2 },
      document_answer: {},
      tabs: { transcript_source: 'counselor' },
      submitted_at: null,
      reference: null,
    });

    // It opens no applicant route.
    const anon = new ApiClient(baseUrl);
    for (const path of ['/api/profile', '/api/tabs']) expect((await anon.get(`${path}?service_token=${token}`)).status).toBe(401);
    expect((await anon.put(`/api/answer?service_token=${token}`, { first_name: 'Eve' })).status).toBe(401);
    // And a tmp token is not a service token.
    const tmp = await issueToken({ kind: 'tmp', sub: 'prefill', answers: { first_name: 'X' } }, 60);
    expect((await anon.get(`/service/tmp-pdf?service_token=${tmp}`)).status).toBe(401);
  });

  it('stop working once expired', async () => {
    const token = await issueToken({ kind: 'service', sub: 'someone' }, -1);
    expect((await new ApiClient(baseUrl).get(`/service/tmp-pdf?service_token=${token}`)).status).toBe(401);
  });
});

describe('temporary public answers', () => {
  it('are read with their token and no login', async () => {
    const token = await issueToken({ kind: 'tmp', sub: 'prefill', answers: { first_name: 'Prefilled', city: 'Springfield' } }, 60);
    const res = await new ApiClient(baseUrl).get(`/public/tmp?token=${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ answer: { first_name: 'Prefilled', city: 'Springfield' } });
  });

  it('refuse expired tokens and service tokens', async () => {
    const expired = await issueToken({ kind: 'tmp', sub: 'prefill', answers: {} }, -1);
    expect((await new ApiClient(baseUrl).get(`/public/tmp?token=${expired}`)).status).toBe(404);
    const service = await issueToken({ kind: 'service', sub: 'x' }, 60);
    expect((await new ApiClient(baseUrl).get(`/public/tmp?token=${service}`)).status).toBe(404);
  });
});

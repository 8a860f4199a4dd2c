/**
 * The daily bound on uploads per applicant, on a stack of its own with a bound of three: the
 * form's documents and the materials added after submission count together, the next request
 * answers 429 saying when uploading works again, parallel requests cannot pass the bound, and
 * the counter carries the table's expiry so it removes itself.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoClient } from '#adapters/clients';
import { setConfig } from '#lambdas/config';
import { completeApplication } from '../support/answers';
import { startChildStack, type ChildStack } from '../support/child-stack';
import { registeredApplicant } from '../support/client';

const MAX = 3;
const LIMIT_MESSAGE =
  /^You have reached today's limit of 3 uploads\. You can upload again after midnight UTC, in (\d+ hours?( and \d+ minutes?)?|\d+ minutes?|less than a minute)\.$/;

let stack: ChildStack;

beforeAll(async () => {
  stack = await startChildStack({ env: { MAX_UPLOADS_PER_DAY: String(MAX) } });
  setConfig({ dynamodbEndpoint: stack.dynamodbEndpoint, s3Endpoint: stack.s3Endpoint });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

describe('uploads per applicant per day', () => {
  it('grants three uploads, then answers 429 with when uploading works again; other applicants are not affected', async () => {
    const a = await registeredApplicant(stack.url);
    for (let i = 0; i < MAX; i++) expect((await a.post('/api/presigned-url', { answer_key: 'resume' })).status).toBe(200);
    const refused = await a.post<{ message: string }>('/api/presigned-url', { answer_key: 'hs_transcript' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(LIMIT_MESSAGE);

    const b = await registeredApplicant(stack.url);
    expect((await b.post('/api/presigned-url', { answer_key: 'resume' })).status).toBe(200);

    // The counter expires on its own (the table's TTL attribute), a day after its day ends.
    const day = new Date().toISOString().slice(0, 10);
    const counter = await dynamoClient().send(new GetCommand({ TableName: 'status', Key: { pk: a.subject, sk: `uploads#${day}` } }));
    expect(counter.Item?.count).toBe(MAX);
    expect(counter.Item?.expiresAt).toBe(Date.parse(`${day}T00:00:00Z`) / 1000 + 2 * 24 * 60 * 60);
  });

  it('cannot be raced: of ten requests sent at once, three are granted', async () => {
    const a = await registeredApplicant(stack.url);
    const answers = await Promise.all(Array.from({ length: 10 }, () => a.post('/api/presigned-url', { answer_key: 'resume' })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
  });

  it('counts materials added after submission with the form documents', async () => {
    const a = await registeredApplicant(stack.url);
    await a.put('/api/answer', completeApplication());
    expect((await a.post('/api/presigned-url', { answer_key: 'resume' })).status).toBe(200);
    expect((await a.post('/api/submit')).status).toBe(200);
    expect((await a.post('/api/supplement/presigned-url', { answer_key: 'resume' })).status).toBe(200);
    expect((await a.post('/api/supplement/presigned-url', { answer_key: 'resume' })).status).toBe(200);
    const refused = await a.post<{ message: string }>('/api/supplement/presigned-url', { answer_key: 'resume' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(LIMIT_MESSAGE);
  });
});

/**
 * After submitting: the status page's checklist (GET /api/checklist) and the materials the
 * institution accepts after submission, uploaded through the same presigned POST and conversion
 * as the form's, never changing the submitted answers, documents or application PDF. Every
 * other write still answers 409.
 */
import { describe, expect, inject, it } from 'vitest';
import * as fixtures from '../fixtures/documents';
import { postToBucket, uploadDocument, type Presigned } from '../fixtures/upload';
import { completeApplication } from '../support/answers';
import { registeredApplicant, type ApiClient } from '../support/client';

const baseUrl = inject('baseUrl');

interface Item {
  id: string;
  state: string;
  note?: string;
  receivedAt?: string;
  fileName?: string;
  uploadKey?: string;
  supplement?: { status: string; file_name: string };
}

const items = async (a: ApiClient) => {
  const res = await a.get<{ items: Item[] }>('/api/checklist');
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.items.map((i) => [i.id, i]));
};

async function submitted(extra: Record<string, string> = {}) {
  const a = await registeredApplicant(baseUrl);
  await a.put('/api/answer', { ...completeApplication(), ...extra });
  return a;
}

async function uploadSupplement(a: ApiClient, key: string, bytes: Uint8Array, fileName: string) {
  const grant = await a.post<Presigned>('/api/supplement/presigned-url', { answer_key: key });
  expect(grant.status).toBe(200);
  expect(await postToBucket(grant.body, bytes, fileName)).toBeLessThan(300);
  return a.post(`/api/supplement/${key}`, { file_key: grant.body.fields.key, file_name: fileName });
}

async function waitForItem(a: ApiClient, id: string, state: string, deadlineMs = 20_000): Promise<Item> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const item = (await items(a))[id]!;
    if (item.state === state) return item;
    if (Date.now() > until) throw new Error(`${id} still ${JSON.stringify(item)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('the status checklist', () => {
  it('marks an uploaded transcript received with its date, test scores as answered, the résumé not required', async () => {
    const a = await submitted({ test_optional: 'Y', test_optional_desc: 'Yes' });
    const { settled } = await uploadDocument(a, 'hs_transcript', await fixtures.pdf(), 'transcript.pdf');
    expect(settled?.status).toBe('COMPLETED');
    expect((await a.post('/api/submit')).status).toBe(200);
    const list = await items(a);
    expect(list.transcript).toMatchObject({ state: 'received', fileName: 'transcript.pdf', receivedAt: expect.any(String) });
    expect(list.transcript!.uploadKey).toBeUndefined();
    expect(list.test_scores).toMatchObject({ state: 'awaiting' });
    expect(list.resume).toMatchObject({ state: 'not_required', uploadKey: 'resume' });
  });

  it('awaits the transcript from the counselor when that tab was chosen', async () => {
    const a = await submitted();
    expect((await a.put('/api/tabs', { tab_id: 'transcript_source', chosen_tab: 'counselor' })).status).toBe(200);
    expect((await a.post('/api/submit')).status).toBe(200);
    const list = await items(a);
    expect(list.transcript).toMatchObject({ state: 'awaiting', note: 'Your counselor will send it.', uploadKey: 'hs_transcript' });
    expect(list.test_scores!.state).toBe('not_required');
  });
});

describe('materials after submission', () => {
  it('accepts an upload of an accepted item after submitting, lists it as received, and leaves the submitted application as it was', async () => {
    const a = await submitted();
    expect((await a.post('/api/submit')).status).toBe(200);
    const profileBefore = (await a.get('/api/profile')).body;
    const documentsBefore = (await a.get('/api/document-answer')).body;

    const attach = await uploadSupplement(a, 'resume', await fixtures.png(), 'cv.png');
    expect(attach.status).toBe(200);
    expect(attach.body).toMatchObject({ file_name: 'cv.png' });
    const resume = await waitForItem(a, 'resume', 'received');
    expect(resume).toMatchObject({ fileName: 'cv.png', receivedAt: expect.any(String), supplement: { status: 'COMPLETED', file_name: 'cv.png' } });

    // The record of what was submitted is unchanged: answers and documents (which the PDF prints).
    expect((await a.get('/api/profile')).body).toEqual(profileBefore);
    expect((await a.get('/api/document-answer')).body).toEqual(documentsBefore);
    // Received: it takes no more files.
    const again = await a.post('/api/supplement/presigned-url', { answer_key: 'resume' });
    expect([again.status, again.body.message]).toEqual([409, 'We have already received this material.']);
  });

  it('refuses what is no material of the application, and any material before submitting', async () => {
    const a = await submitted();
    const early = await a.post('/api/supplement/presigned-url', { answer_key: 'resume' });
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/once your application is submitted/);
    expect((await a.post('/api/submit')).status).toBe(200);
    for (const key of ['first_name', 'supplement_resume', 'nope', '__proto__']) {
      const res = await a.post('/api/supplement/presigned-url', { answer_key: key });
      expect([res.status, res.body.message]).toEqual([404, 'There is no such material to add to your application.']);
    }
    const bad = await a.post('/api/supplement/presigned-url', { answer_key: 'resume', extra: 'x' });
    expect(bad.status).toBe(400);
  });

  it("refuses another applicant's upload key and an upload never granted", async () => {
    const a = await submitted();
    const b = await submitted();
    expect((await a.post('/api/submit')).status).toBe(200);
    expect((await b.post('/api/submit')).status).toBe(200);
    const grant = await b.post<Presigned>('/api/supplement/presigned-url', { answer_key: 'resume' });
    const stolen = await a.post('/api/supplement/resume', { file_key: grant.body.fields.key, file_name: 'x.pdf' });
    expect(stolen.status).toBe(403);
    const invented = await a.post('/api/supplement/resume', {
      file_key: grant.body.fields.key!.replace(/uploads\/[^/]+/, `uploads/${'0'.repeat(8)}`),
      file_name: 'x.pdf',
    });
    expect([403, 404]).toContain(invented.status);
  });

  it('keeps every other write locked after submission (409)', async () => {
    const a = await submitted();
    expect((await a.post('/api/submit')).status).toBe(200);
    const writes = await Promise.all([
      a.put('/api/answer', { first_name: 'Changed' }),
      a.put('/api/tabs', { tab_id: 'transcript_source', chosen_tab: 'counselor' }),
      a.put('/api/add-another', { button_id: 'parents', num_components: 2 }),
      a.post('/api/presigned-url', { answer_key: 'resume' }),
      a.post('/api/presigned-url', { answer_key: 'hs_transcript' }),
      a.delete('/api/document-answer/resume'),
    ]);
    expect(writes.map((w) => w.status)).toEqual([409, 409, 409, 409, 409, 409]);
  });
});

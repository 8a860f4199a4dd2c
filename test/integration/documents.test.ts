/**
 * Uploads through the real local stack: presigned POST to s3rver, its ObjectCreated event
 * into the converter, status polled with a deadline, exactly as the browser does it.
 */
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { S3Event } from 'aws-lambda';
import { describe, expect, inject, it } from 'vitest';
import { s3Client } from '#adapters/clients';
import { FILE_MESSAGES } from '#domain/documents';
import { handler as convert } from '#events/convert-upload';
import { setConfig } from '#lambdas/config';
import * as fixtures from '../fixtures/documents';
import { postToBucket, presign, uploadDocument, waitForConversion } from '../fixtures/upload';
import { registeredApplicant } from '../support/client';

const baseUrl = inject('baseUrl');

describe('uploading a document', () => {
  it("hands out a presigned POST for a server-chosen key under the applicant's own prefix", async () => {
    const a = await registeredApplicant(baseUrl);
    const presigned = await presign(a, 'resume');
    expect(presigned.fields.key).toMatch(/^uploads\/[A-Za-z0-9-]+\/resume\/[0-9a-f]{12}-[0-9a-f]{20}$/);
    const policy = JSON.parse(Buffer.from(presigned.fields.Policy as string, 'base64').toString('utf8')) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 1024 * 1024]);
    expect(Date.parse(policy.expiration) - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
  });

  it('refuses a presigned POST for a question that takes no file', async () => {
    const a = await registeredApplicant(baseUrl);
    for (const answer_key of ['first_name', '../resume', 'nope']) {
      expect((await a.post('/api/presigned-url', { answer_key })).status).toBe(400);
    }
  });

  it('refuses uploads from visitors without a session', async () => {
    const res = await fetch(`${baseUrl}/api/presigned-url`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"answer_key":"resume"}',
    });
    expect(res.status).toBe(401);
  });

  // One image and the docx, whose print runs in the stack's own Chromium. Every type's conversion
  // (jpeg and jpg, PDF, owner-password PDF) is the converter's rule: lambdas/domain/documents/convert.test.ts.
  it.each([
    ['png', 'scan.png', () => fixtures.png()],
    ['docx', 'resume.docx', () => Promise.resolve(fixtures.docx())],
  ])('converts a %s to a PDF and lists it as the answer', async (_type, fileName, make) => {
    const a = await registeredApplicant(baseUrl);
    const bytes = await make();
    const { attach, settled } = await uploadDocument(a, 'hs_transcript', bytes, fileName);
    expect(attach.status).toBe(200);
    expect(settled).toEqual({ status: 'COMPLETED', message: '' });
    const answers = (await a.get('/api/document-answer')).body as Record<string, { file_name: string; file_size: number; status: string }>;
    expect(answers.hs_transcript).toMatchObject({ file_name: fileName, file_size: bytes.length, status: 'COMPLETED' });
  });

  // One refused file end to end: the converter's FAILED status and its message reach the applicant.
  // Which file fails with which message (a password, an empty file, 1 MB + 1 byte, which s3rver
  // does not refuse as S3's policy would, damaged and disguised files) is the converter's rule:
  // lambdas/domain/documents/convert.test.ts.
  it('fails a text renamed .png with a message the applicant understands', async () => {
    const a = await registeredApplicant(baseUrl);
    const { attach, settled } = await uploadDocument(a, 'resume', fixtures.textFile(), 'notes.png');
    expect(attach.status).toBe(200);
    expect(settled).toEqual({ status: 'FAILED', message: FILE_MESSAGES.type });
  });

  it("refuses a file name of 33 characters with the spec's message", async () => {
    const a = await registeredApplicant(baseUrl);
    const presigned = await presign(a, 'resume');
    const name = `${'n'.repeat(28)}.pdf`;
    expect(name).toHaveLength(32);
    const tooLong = `${'n'.repeat(29)}.pdf`;
    expect(tooLong).toHaveLength(33);
    expect(await postToBucket(presigned, await fixtures.pdf(), tooLong)).toBeLessThan(300);
    const res = await a.post('/api/pdf/document-answer/resume', { file_key: presigned.fields.key, file_name: tooLong });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(FILE_MESSAGES.nameTooLong);
    const ok = await a.post('/api/pdf/document-answer/resume', { file_key: presigned.fields.key, file_name: name });
    expect(ok.status).toBe(200);
  });

  it('stores a sanitised name for a path- and markup-laden file name', async () => {
    const a = await registeredApplicant(baseUrl);
    const presigned = await presign(a, 'resume');
    await postToBucket(presigned, await fixtures.pdf(), 'x.pdf');
    const res = await a.post('/api/pdf/document-answer/resume', { file_key: presigned.fields.key, file_name: '../../x";<b>.pdf' });
    expect(res.status).toBe(200);
    const listed = (await a.get('/api/document-answer')).body as Record<string, { file_name: string }>;
    expect(listed.resume?.file_name).toBe('xb.pdf');
    const html = await a.post('/api/pdf/document-answer/resume', { file_key: presigned.fields.key, file_name: '../x";.html' });
    expect(html.status).toBe(400);
    expect(html.body.message).toBe(FILE_MESSAGES.type);
  });

  it('converts a replayed upload event once: one output, status unchanged', async () => {
    const a = await registeredApplicant(baseUrl);
    const presigned = await presign(a, 'resume');
    await postToBucket(presigned, await fixtures.png(), 'a.png');
    // The same object created again: s3rver emits a second ObjectCreated for the same key.
    await postToBucket(presigned, await fixtures.png(), 'a.png');
    await a.post('/api/pdf/document-answer/resume', { file_key: presigned.fields.key, file_name: 'a.png' });
    expect(await waitForConversion(a, 'resume')).toEqual({ status: 'COMPLETED', message: '' });

    // Replays delivered straight to the handler, as Lambda's retries would (key URL-encoded as in AWS).
    setConfig({ dynamodbEndpoint: inject('dynamodbEndpoint'), s3Endpoint: inject('s3Endpoint') });
    const key = presigned.fields.key as string;
    const record = { s3: { bucket: { name: 'uploads' }, object: { key: encodeURIComponent(key).replace(/%2F/g, '/'), size: 10 } } };
    const replays = await convert({ Records: [record, record] } as unknown as S3Event);
    expect(replays).toEqual({ converted: 0, failed: 0, skipped: 2 });

    const sub = key.split('/')[1];
    const listed = await s3Client().send(new ListObjectsV2Command({ Bucket: 'documents', Prefix: `converted/${sub}/resume/` }));
    expect(listed.KeyCount).toBe(1);
    expect(await waitForConversion(a, 'resume')).toEqual({ status: 'COMPLETED', message: '' });
  });

  it('reports NOT_ANSWERED for a question without a file, and 400 for an unknown question', async () => {
    const a = await registeredApplicant(baseUrl);
    expect((await a.get('/api/pdf/document-answer/resume')).body).toEqual({ status: 'NOT_ANSWERED', message: '' });
    expect((await a.get('/api/pdf/document-answer/first_name')).status).toBe(400);
  });

  it('deletes the conversion and then the document answer, as the tab guard does', async () => {
    const a = await registeredApplicant(baseUrl);
    await uploadDocument(a, 'resume', await fixtures.png(), 'a.png');
    expect((await a.delete('/api/pdf/document-answer/resume')).status).toBe(200);
    expect((await a.get('/api/pdf/document-answer/resume')).body).toEqual({ status: 'NOT_ANSWERED', message: '' });
    expect((await a.delete('/api/document-answer/resume')).status).toBe(200);
    expect((await a.get('/api/document-answer')).body).toEqual({});
    // Deleting again is harmless.
    expect((await a.delete('/api/document-answer/resume')).status).toBe(200);
  });
});

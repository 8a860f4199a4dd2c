/**
 * Only upload keys the server issued become documents. s3rver enforces no presigned-POST policy,
 * so every object below really lands in the bucket; the product's record of issued keys (upload
 * grants) is what must keep it out. Each probe checks the converter, given the object's event
 * directly (as a Lambda retry would deliver it), and the attach route.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { S3Event } from 'aws-lambda';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { s3Client } from '#adapters/clients';
import { UPLOAD_GRANT_TTL_SECONDS, grantUpload } from '#adapters/upload-grants';
import { newUploadId, parseUploadKey, uploadKey } from '#domain/documents';
import { handler as convert } from '#events/convert-upload';
import { setConfig } from '#lambdas/config';
import * as fixtures from '../fixtures/documents';
import { postToBucket, presign, uploadDocument, type Presigned } from '../fixtures/upload';
import { registeredApplicant, type ApiClient } from '../support/client';

const baseUrl = inject('baseUrl');

beforeAll(() => {
  setConfig({ dynamodbEndpoint: inject('dynamodbEndpoint'), s3Endpoint: inject('s3Endpoint') });
});

const eventFor = (key: string) => ({ Records: [{ s3: { bucket: { name: 'uploads' }, object: { key, size: 100 } } }] }) as unknown as S3Event;

async function documentsOf(a: ApiClient) {
  const [list, transcript, resume] = await Promise.all([
    a.get('/api/document-answer'),
    a.get('/api/pdf/document-answer/hs_transcript'),
    a.get('/api/pdf/document-answer/resume'),
  ]);
  return { list: list.body, transcript: transcript.body, resume: resume.body };
}

/** Posts Eve's presigned form with its key swapped, then tries to make the object her answer. */
async function probe(eve: ApiClient, presigned: Presigned, key: string, answerKey: string) {
  expect(await postToBucket({ ...presigned, fields: { ...presigned.fields, key } }, await fixtures.pdf(['Eve was here']), 'x.pdf')).toBeLessThan(300);
  const converted = await convert(eventFor(key));
  const attach = await eve.post(`/api/pdf/document-answer/${answerKey}`, { file_key: key, file_name: 'x.pdf' });
  return { converted, attach: attach.status };
}

describe('a presigned POST reused for a key the server did not issue', () => {
  const rows: Array<[string, string, (issued: string) => string]> = [
    ['another of her own questions', 'resume', (issued) => issued.replace('/hs_transcript/', '/resume/')],
    [
      'a made-up upload id that sorts after every real one, same question',
      'hs_transcript',
      (issued) => uploadKey({ ...parseUploadKey(issued)!, uploadId: `${'f'.repeat(12)}-${'0'.repeat(20)}` }),
    ],
  ];

  it.each(rows)('%s: the converter skips it, attaching it answers 404, her documents are unchanged', async (_name, answerKey, reuse) => {
    const eve = await registeredApplicant(baseUrl);
    await uploadDocument(eve, 'hs_transcript', await fixtures.pdf(['Eve transcript']), 'eve.pdf');
    const before = await documentsOf(eve);
    const presigned = await presign(eve, 'hs_transcript');
    const outcome = await probe(eve, presigned, reuse(presigned.fields.key as string), answerKey);
    expect(outcome).toEqual({ converted: { converted: 0, failed: 0, skipped: 1 }, attach: 404 });
    expect(await documentsOf(eve)).toEqual(before);
  });
});

describe('an issued key', () => {
  it('still converts and attaches when used as issued (the grant is what the checks read)', async () => {
    const a = await registeredApplicant(baseUrl);
    const { attach, settled } = await uploadDocument(a, 'resume', await fixtures.png(), 'scan.png');
    expect(attach.status).toBe(200);
    expect(settled).toEqual({ status: 'COMPLETED', message: '' });
  });

  it("whose grant lapsed before the upload was used becomes nobody's document", async () => {
    const eve = await registeredApplicant(baseUrl);
    const sub = (await presign(eve, 'resume')).fields.key!.split('/')[1]!;
    const issuedAt = new Date(Date.now() - (UPLOAD_GRANT_TTL_SECONDS + 60) * 1000);
    const ref = { sub, answerKey: 'resume', uploadId: newUploadId(issuedAt) };
    await grantUpload(ref, issuedAt);
    const key = uploadKey(ref);
    await s3Client().send(new PutObjectCommand({ Bucket: 'uploads', Key: key, Body: await fixtures.pdf(['Late']), ContentType: 'application/pdf' }));
    expect(await convert(eventFor(key))).toEqual({ converted: 0, failed: 0, skipped: 1 });
    expect((await eve.post('/api/pdf/document-answer/resume', { file_key: key, file_name: 'late.pdf' })).status).toBe(404);
    expect((await eve.get('/api/document-answer')).body).toEqual({});
  });
});

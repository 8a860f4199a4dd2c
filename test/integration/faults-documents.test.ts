/**
 * Conversions that break midway, and an application PDF whose print hangs. This file runs its
 * own stack in its own worker (configuration is per process) whose converter stores PDFs through
 * a breakable stand-in for the S3 write; everything else (presigned POST, s3rver's events, the
 * handler, claims, the local retries of a failed event, the status routes) is the real code.
 * The render job is called here with a print that never finishes, against the same servers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { S3Event } from 'aws-lambda';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PDF_SK } from '#adapters/application-pdf-store';
import { dynamoClient, s3Client } from '#adapters/clients';
import { putPdf } from '#adapters/storage/objects';
import { APPLICATION_PDF_TIMED_OUT, CLAIM_LEASE_MS, CONVERSION_MESSAGES } from '#domain/documents';
import { MAX_CONVERSION_ATTEMPTS, convertRecord } from '#events/convert-upload';
import { RenderFailed, renderApplicationPdf, renderOrThrow } from '#events/render-pdf';
import { startStack, type RunningStack } from '#local/stack';
import { converterDependencies } from '#wiring/conversion';
import { renderDependencies } from '#wiring/render';
import * as fixtures from '../fixtures/documents';
import { pdfText } from '../fixtures/pdf-text';
import { postToBucket, presign, uploadDocument, waitForApplicationPdf, waitForConversion } from '../fixtures/upload';
import { registeredApplicant, type ApiClient } from '../support/client';

/** What the next S3 writes of the converter do. */
const storage = { failures: 0, hang: false, writes: 0 };

async function breakableStore(...args: Parameters<typeof putPdf>): Promise<void> {
  storage.writes++;
  if (storage.hang) return new Promise<void>(() => undefined); // the run dies holding its claim
  if (storage.failures > 0) {
    storage.failures--;
    throw Object.assign(new Error('connect ECONNREFUSED documents bucket'), { name: 'NetworkingError' });
  }
  return putPdf(...args);
}

let stack: RunningStack;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'faults-docs-'));
  stack = await startStack({ port: 0, dataDir, quiet: true, converter: { storePdf: breakableStore }, converterRetryDelaysMs: [100, 200] });
});

afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  Object.assign(storage, { failures: 0, hang: false, writes: 0 });
});

async function convertedObjects(fileKey: string): Promise<number> {
  const [, sub, answerKey] = fileKey.split('/');
  const listed = await s3Client().send(new ListObjectsV2Command({ Bucket: 'documents', Prefix: `converted/${sub}/${answerKey}/` }));
  return listed.KeyCount ?? 0;
}

describe('a conversion that crashes midway', () => {
  it('is retried and ends COMPLETED with one converted PDF when the crash was passing', async () => {
    const a = await registeredApplicant(stack.url);
    storage.failures = 1;
    const { fileKey, settled } = await uploadDocument(a, 'resume', await fixtures.png(), 'scan.png');
    expect(settled).toEqual({ status: 'COMPLETED', message: '' });
    expect(storage.writes).toBe(2);
    expect(await convertedObjects(fileKey)).toBe(1);
  });

  it('ends FAILED with a message the applicant understands when every attempt crashes, never IN_PROGRESS', async () => {
    const a = await registeredApplicant(stack.url);
    storage.failures = Number.POSITIVE_INFINITY;
    const { fileKey, settled } = await uploadDocument(a, 'resume', await fixtures.pdf(['CV']), 'cv.pdf');
    expect(settled).toEqual({ status: 'FAILED', message: CONVERSION_MESSAGES.failed });
    expect(storage.writes).toBe(MAX_CONVERSION_ATTEMPTS);
    expect(await convertedObjects(fileKey)).toBe(0);
    // The applicant uploads again once the storage is back, and that file converts.
    storage.failures = 0;
    expect((await uploadDocument(a, 'resume', await fixtures.pdf(['CV']), 'cv.pdf')).settled).toEqual({ status: 'COMPLETED', message: '' });
  });

  it("is taken over by the event's retry once the claim of a run that died has lapsed", async () => {
    const a: ApiClient = await registeredApplicant(stack.url);
    storage.hang = true;
    const presigned = await presign(a, 'resume');
    const fileKey = presigned.fields.key as string;
    expect(await postToBucket(presigned, await fixtures.png(), 'scan.png')).toBeLessThan(300);
    expect((await a.post('/api/pdf/document-answer/resume', { file_key: fileKey, file_name: 'scan.png' })).status).toBe(200);
    await expect.poll(() => storage.writes, { timeout: 10_000 }).toBe(1);
    expect((await a.get('/api/pdf/document-answer/resume')).body).toMatchObject({ status: 'IN_PROGRESS' });

    storage.hang = false;
    const event = { s3: { bucket: { name: 'uploads' }, object: { key: fileKey, size: 100 } } } as unknown as S3Event['Records'][number];
    const deps = { ...converterDependencies, storePdf: breakableStore };
    // While the dead run's claim is fresh, a retry leaves it alone (it may still be working)...
    expect(await convertRecord(event, deps)).toBe('skipped');
    // ...and once the claim has lapsed, the retry converts the file.
    const later = () => new Date(Date.now() + CLAIM_LEASE_MS + 1000);
    expect(await convertRecord(event, { ...deps, now: later })).toBe('converted');
    expect(await waitForConversion(a, 'resume')).toEqual({ status: 'COMPLETED', message: '' });
    expect(await convertedObjects(fileKey)).toBe(1);
  });
});

describe('an application PDF whose render times out', () => {
  it('ends FAILED with a message the applicant understands, is not rendered again by polling, and "Try again" renders it', async () => {
    const a = await registeredApplicant(stack.url);
    expect((await a.put('/api/answer', { first_name: 'Punctual', last_name: 'Printer' })).status).toBe(200);
    const sub = a.subject;

    const started = Date.now();
    const hang = { ...renderDependencies, print: () => new Promise<never>(() => undefined), deadlineMs: 300 };
    const hung = await renderApplicationPdf(sub, hang);
    expect(hung).toEqual({ status: 'FAILED', timedOut: true });
    expect(Date.now() - started).toBeLessThan(5_000);
    // As the event runtimes run it, the failure is also thrown: their retries, then the dead-letter queue.
    await expect(renderOrThrow(sub, hang)).rejects.toThrow(RenderFailed);
    const failed = await a.get('/api/pdf');
    expect(failed.body).toEqual({ status: 'FAILED', url: null, message: APPLICATION_PDF_TIMED_OUT });
    // Polling, even much later, does not start another render: a failing renderer is not looped.
    const hourAgo = new Date(Date.now() - 60 * 60_000).toISOString();
    await dynamoClient().send(
      new UpdateCommand({
        TableName: 'answers',
        Key: { pk: sub, sk: PDF_SK },
        UpdateExpression: 'SET updatedAt = :t',
        ExpressionAttributeValues: { ':t': hourAgo },
      }),
    );
    expect((await a.get('/api/pdf')).body).toMatchObject({ status: 'FAILED' });

    // The applicant presses "Try again".
    expect((await a.get('/api/pdf?retry=1')).body).toMatchObject({ status: 'UNPROCESSED' });
    const ready = await waitForApplicationPdf(a);
    expect(ready).toMatchObject({ status: 'COMPLETED', message: 'Your PDF is ready.' });
    const res = await fetch(ready.url as string);
    expect((await pdfText(new Uint8Array(await res.arrayBuffer()))).text).toContain('Punctual');
  });
});

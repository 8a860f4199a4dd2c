/**
 * A conversion that stores its PDF while the applicant's account is being deleted: a document's,
 * after the deletion listed and deleted the objects, before it deletes the items; a recommender's
 * letter, after the deletion deleted the recommendation it found the applicant by. The conversion
 * takes its writes back, and nothing of the applicant is left in any table or bucket.
 *
 * The order is set by the test, not by timing. This file runs its own stack (configuration is
 * per process) whose converter never gets to store: the stack's own run of the upload's event
 * stops there, holding its claim. The test then runs the conversion itself, as the event runtime
 * does (the event's retry, taking over once the claim has lapsed: the real handler, Chromium and
 * storage), and starts the deletion (the real adapters) when that run is about to store its PDF.
 *
 * Beside them, the recommendation links' pointers (rectoken#<hash>, naming the applicant) against
 * the same deletion: a reminder's written after the deletion began, those of links dropped before
 * it (cancelled, beyond the live ceiling), and one written after it listed the recommendations.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { S3Event } from 'aws-lambda';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dynamoClient } from '#adapters/clients';
import { readDocument } from '#adapters/document-answers-store';
import { deleteIdentity } from '#adapters/identity/deletion';
import { objectSize, putPdf } from '#adapters/storage/objects';
import { recommendationTokenPk } from '#adapters/store/keys';
import { recommendationStore } from '#adapters/store/recommendations-store';
import { eraseApplicant } from '#domain/data-rights/erasure';
import { CLAIM_LEASE_MS } from '#domain/documents';
import type { ErasurePorts } from '#domain/ports/erasure';
import { withNewLink } from '#domain/recommendations/applicant';
import { hashToken } from '#domain/recommendations/rules';
import { convertRecord } from '#events/convert-upload';
import { config } from '#lambdas/config';
import { startStack, type RunningStack } from '#local/stack';
import { converterDependencies } from '#wiring/conversion';
import { erasurePorts } from '#wiring/data-rights';
import * as fixtures from '../fixtures/documents';
import { postToBucket, presign, type Presigned } from '../fixtures/upload';
import { completeApplication } from '../support/answers';
import { ApiClient, latestMail, PASSWORD, registeredApplicant, uniqueEmail } from '../support/client';
import { traces } from '../support/traces';

/** The stack's own conversion runs, each stopped before it stores. */
let stopped = 0;

let stack: RunningStack;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'late-conversion-'));
  stack = await startStack({
    port: 0,
    dataDir,
    quiet: true,
    converter: {
      storePdf: () => {
        stopped++;
        return new Promise<void>(() => undefined);
      },
    },
  });
});

afterAll(async () => {
  await stack?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const adminErasure = () => erasurePorts(deleteIdentity);

/** Resolves when `ready()` is called. */
function signal(): { wait: Promise<void>; ready: () => void } {
  const ready: Array<() => void> = [];
  const wait = new Promise<void>((resolve) => ready.push(resolve));
  return { wait, ready: () => ready.forEach((r) => r()) };
}

it('takes back the PDF and the document stored after the deletion listed: nothing of the applicant is left in any table or bucket', async () => {
  const a = await registeredApplicant(stack.url);
  const sub = a.subject;
  const other = await registeredApplicant(stack.url);
  expect((await other.put('/api/answer', { first_name: 'Other' })).status).toBe(200);
  const othersBefore = await traces([other.subject]);

  const presigned = await presign(a, 'resume');
  const fileKey = presigned.fields.key as string;
  const file = await fixtures.pdf(['CV']);
  expect(await postToBucket(presigned, file, 'cv.pdf')).toBeLessThan(300);
  expect((await a.post('/api/pdf/document-answer/resume', { file_key: fileKey, file_name: 'cv.pdf' })).status).toBe(200);
  await expect.poll(() => stopped, { timeout: 60_000 }).toBe(1);

  // The deletion as the retention function runs it (the identity by AdminDeleteUser), paused once it has listed and deleted the
  // objects (it then finds the items keyed elsewhere and deletes the applicant's items).
  const real = adminErasure();
  const listed = signal();
  const resume = signal();
  const paused: ErasurePorts = {
    ...real,
    related: async (s, own) => {
      listed.ready();
      await resume.wait;
      return real.related(s, own);
    },
  };
  let erasure: Promise<unknown> | undefined;

  const event = { s3: { bucket: { name: 'uploads' }, object: { key: fileKey, size: file.byteLength } } } as unknown as S3Event['Records'][number];
  const outcome = await convertRecord(event, {
    ...converterDependencies,
    now: () => new Date(Date.now() + CLAIM_LEASE_MS + 1000),
    storePdf: async (...args) => {
      erasure = eraseApplicant(paused, sub, 'applicant');
      erasure.catch(() => undefined);
      await listed.wait;
      await putPdf(...args);
    },
  });

  // The run stored its PDF and recorded the document after the listing; it found the account
  // closed and deleted both, so it counts as skipped.
  expect(outcome).toBe('skipped');
  expect(await readDocument(sub, 'resume')).toBeUndefined();
  resume.ready();
  await expect(erasure).resolves.toMatchObject({ resumed: false });

  expect(await traces([sub])).toEqual([]);
  expect(await traces([other.subject])).toEqual(othersBefore);
}, 180_000);

it("takes back a recommender's letter stored after the deletion deleted its recommendation: nothing of the applicant is left", async () => {
  const a = await registeredApplicant(stack.url);
  const sub = a.subject;
  expect((await a.put('/api/answer', completeApplication())).status).toBe(200);
  const email = uniqueEmail('recommender');
  const invited = await a.post<{ id: string }>('/api/recommendations', { role: 'counselor', first_name: 'Grace', last_name: 'Hopper', email });
  expect(invited.status, JSON.stringify(invited.body)).toBe(200);
  const id = invited.body.id;
  const link = (await latestMail(stack.url, email)).link;
  const token = new URL(link ?? '').searchParams.get('token');
  const grant = await new ApiClient(stack.url).post<Presigned>('/public/recommendation/presigned-url', { token });
  expect(grant.status, JSON.stringify(grant.body)).toBe(200);
  const letterKey = grant.body.fields.key as string;
  const file = await fixtures.pdf(['A letter of recommendation']);
  const before = stopped;
  expect(await postToBucket(grant.body, file, 'letter.pdf')).toBeLessThan(300);
  await expect.poll(() => stopped, { timeout: 60_000 }).toBe(before + 1);

  // The deletion paused once it has deleted every item (the recommendation and its pointers
  // among them), before the identity and the marker.
  const itemsGone = signal();
  const resume = signal();
  const paused = erasurePorts(async (s) => {
    itemsGone.ready();
    await resume.wait;
    await deleteIdentity(s);
  });
  let erasure: Promise<unknown> | undefined;
  let stored: { bucket: string; key: string } | undefined;

  const event = { s3: { bucket: { name: 'uploads' }, object: { key: letterKey, size: file.byteLength } } } as unknown as S3Event['Records'][number];
  const outcome = await convertRecord(event, {
    ...converterDependencies,
    now: () => new Date(Date.now() + CLAIM_LEASE_MS + 1000),
    storePdf: async (bucket, key, bytes) => {
      erasure = eraseApplicant(paused, sub, 'applicant');
      erasure.catch(() => undefined);
      await itemsGone.wait;
      // The run found the applicant through the recommendation, which is gone now.
      expect(await recommendationStore.findById(id)).toBeUndefined();
      stored = { bucket, key };
      await putPdf(bucket, key, bytes);
    },
  });

  // It stored the letter's PDF after the deletion had listed and deleted everything of the
  // applicant's; its record's update found nothing to update, its check found the account
  // closed, and it deleted the PDF, so it counts as skipped.
  expect(outcome).toBe('skipped');
  expect(stored?.key).toBe(`${letterKey}.pdf`);
  expect(await objectSize(stored!.bucket, stored!.key)).toBeUndefined();
  resume.ready();
  await expect(erasure).resolves.toMatchObject({ resumed: false });

  expect(await traces([sub, id])).toEqual([]);
}, 180_000);

it("takes back a reminder's new link written while the deletion ran: no pointer to the applicant outlives their recommendation", async () => {
  const a = await registeredApplicant(stack.url);
  const sub = a.subject;
  expect((await a.put('/api/answer', completeApplication())).status).toBe(200);
  const invited = await a.post<{ id: string }>('/api/recommendations', {
    role: 'counselor',
    first_name: 'Grace',
    last_name: 'Hopper',
    email: uniqueEmail('late-reminder'),
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(200);
  const record = await recommendationStore.readRecommendation(sub, invited.body.id);
  expect(record).toBeDefined();
  // The account is deleted (the recommendation and its pointers with it), then the reminder's write arrives.
  const closed = await a.request('DELETE', '/api/account', { password: PASSWORD });
  expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  const reminded = { ...record!, version: record!.version + 1, tokenHashes: [...record!.tokenHashes, 'f'.repeat(64)] };
  expect(await recommendationStore.updateRecommendation(reminded, { newTokenHash: 'f'.repeat(64) })).toBe(false);
  expect(await traces([sub, invited.body.id])).toEqual([]);
});

/** An invitation over HTTP (the record, its id's and its link's pointers), and the link's token mailed. */
async function invite(a: ApiClient, email: string): Promise<{ id: string; token: string }> {
  const invited = await a.post<{ id: string }>('/api/recommendations', { role: 'teacher', first_name: 'Grace', last_name: 'Hopper', email });
  expect(invited.status, JSON.stringify(invited.body)).toBe(200);
  const link = (await latestMail(stack.url, email)).link!;
  return { id: invited.body.id, token: new URL(link).searchParams.get('token')! };
}

const tokenPointer = async (hash: string) =>
  (await dynamoClient().send(new GetCommand({ TableName: config().statusTable, Key: { pk: recommendationTokenPk(hash), sk: 'token' }, ConsistentRead: true })))
    .Item;

/** The reminder's write as the adapter makes it (remindRecommender's: a new link beside the live ones). */
async function remind(sub: string, id: string): Promise<{ written: boolean; tokenHash: string }> {
  const record = (await recommendationStore.readRecommendation(sub, id))!;
  const { record: linked, tokenHash } = withNewLink(record);
  return { written: await recommendationStore.updateRecommendation({ ...linked, version: record.version + 1 }, { newTokenHash: tokenHash }), tokenHash };
}

it("deletes the pointers of links dropped before the account closed: a cancelled invitation's, a reminded one's beyond the live ceiling", async () => {
  const a = await registeredApplicant(stack.url);
  const sub = a.subject;
  expect((await a.put('/api/answer', completeApplication())).status).toBe(200);
  const cancelled = await invite(a, uniqueEmail('cancelled'));
  expect((await a.request('DELETE', `/api/recommendations/${cancelled.id}`)).status).toBe(200);
  const reminded = await invite(a, uniqueEmail('reminded'));
  const first = hashToken(reminded.token);
  for (let n = 0; n < 6; n++) expect((await remind(sub, reminded.id)).written).toBe(true);

  // Both dead links still have their pointers, naming the applicant; neither opens.
  const record = (await recommendationStore.readRecommendation(sub, reminded.id))!;
  expect(record.tokenHashes).not.toContain(first);
  expect(record.issuedTokenHashes).toContain(first);
  expect(record.issuedTokenHashes).toHaveLength(7);
  for (const token of [cancelled.token, reminded.token]) {
    expect(await tokenPointer(hashToken(token))).toMatchObject({ sub });
    expect((await a.request('GET', `/public/recommendation?token=${encodeURIComponent(token)}`)).status).toBe(404);
  }

  const closed = await a.request('DELETE', '/api/account', { password: PASSWORD });
  expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  expect(await traces([sub, cancelled.id, reminded.id])).toEqual([]);
});

it('deletes the pointer of a reminder written after the deletion listed: the record goes only at the version listed, and is listed again', async () => {
  const a = await registeredApplicant(stack.url);
  const sub = a.subject;
  expect((await a.put('/api/answer', completeApplication())).status).toBe(200);
  const { id } = await invite(a, uniqueEmail('listed'));

  const real = adminErasure();
  let late: { written: boolean; tokenHash: string } | undefined;
  const ports: ErasurePorts = {
    ...real,
    tables: {
      ...real.tables,
      // Right after the first listing of the applicant's status items (their recommendations with them), the reminder writes.
      partition: async (table, pk) => {
        const listed = await real.tables.partition(table, pk);
        if (table === 'status' && pk === sub && !late) late = await remind(sub, id);
        return listed;
      },
    },
  };
  await eraseApplicant(ports, sub, 'applicant');
  expect(late?.written).toBe(true);
  expect(await tokenPointer(late!.tokenHash)).toBeUndefined();
  expect(await traces([sub, id])).toEqual([]);
});

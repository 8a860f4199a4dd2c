/**
 * The applicant's data rights on the real local stack, over HTTP: a copy of their data (the ZIP
 * read file by file), closing the account (every table and bucket scanned afterwards: nothing of
 * the applicant remains, and the address signs up again), the refusal once submitted, the office's
 * erasure (admins only, audited without personal data, announced), and a deletion that failed
 * midway finished by the next request.
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { unzipSync, strFromU8 } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dynamoClient } from '#adapters/clients';
import { closeBrowser } from '#adapters/renderer/browser';
import { erasureMarkerKey } from '#adapters/store/keys';
import { recordSignOut } from '#adapters/store/status-store';
import { eraseApplicant } from '#domain/data-rights/erasure';
import { renderApplicationPdf } from '#events/render-pdf';
import { institution } from '#form/institution';
import type { PrintedPage } from '#form/print';
import { config, setConfig } from '#lambdas/config';
import type { PublishedEvent } from '#local/dev-events';
import { erasurePorts } from '#wiring/data-rights';
import { renderDependencies } from '#wiring/render';
import * as fixtures from '../fixtures/documents';
import { postToBucket, presign, waitForApplicationPdf, waitForConversion } from '../fixtures/upload';
import { completeApplication } from '../support/answers';
import { ApiClient, PASSWORD, latestMail, registeredApplicant } from '../support/client';
import { eventProblems } from '../support/event-schemas';
import { signedInStaff, type StaffClient } from '../support/staff';
import { traces, tracesChangedSince } from '../support/traces';

const baseUrl = inject('baseUrl');

const endpoints = () => ({ dynamodbEndpoint: inject('dynamodbEndpoint'), s3Endpoint: inject('s3Endpoint') });

beforeAll(() => {
  setConfig(endpoints());
});

const closeAccount = (a: ApiClient, password: string) =>
  a.request<{ message: string; errors?: Record<string, string[]> }>('DELETE', '/api/account', { password });

/** GET /api/account/export as a script does: the 303's link, then the archive's files. */
async function exportFiles(a: ApiClient): Promise<Record<string, Uint8Array>> {
  const res = await fetch(`${baseUrl}/api/account/export`, { headers: { cookie: a.cookieHeader, accept: 'application/json' }, redirect: 'manual' });
  expect(res.status, await res.clone().text()).toBe(303);
  const { url } = (await res.json()) as { url: string };
  expect(res.headers.get('location')).toBe(url);
  const file = await fetch(url);
  expect(file.status).toBe(200);
  expect(file.headers.get('content-disposition')).toBe('attachment; filename="my-application-data.zip"');
  return unzipSync(new Uint8Array(await file.arrayBuffer()));
}

/** A transcript uploaded and converted (a loaded machine's converter may take well over the fixture's 20 s). */
async function transcript(a: ApiClient): Promise<void> {
  const presigned = await presign(a, 'hs_transcript');
  expect(await postToBucket(presigned, await fixtures.png(), 'transcript.png')).toBeLessThan(300);
  expect((await a.post('/api/pdf/document-answer/hs_transcript', { file_key: presigned.fields.key, file_name: 'transcript.png' })).status).toBe(200);
  expect((await waitForConversion(a, 'hs_transcript', 120_000)).status).toBe('COMPLETED');
}

/**
 * The application PDF, asked for again if a render failed (on a loaded machine Chromium can
 * miss the renderer's deadline): what the status page's "Try again" does.
 */
async function settledPdf(a: ApiClient): Promise<string> {
  let status = (await waitForApplicationPdf(a, 120_000)).status;
  for (let retry = 0; status === 'FAILED' && retry < 2; retry++) {
    expect((await a.get('/api/pdf?retry=1')).status).toBe(200);
    status = (await waitForApplicationPdf(a, 120_000)).status;
  }
  return status;
}

const events = async () => (await (await fetch(`${baseUrl}/_dev/events.json`)).json()) as PublishedEvent[];

async function invite(a: ApiClient): Promise<string> {
  const res = await a.post<{ id: string }>('/api/recommendations', {
    role: 'counselor',
    first_name: 'Grace',
    last_name: 'Hopper',
    email: `rec-${randomUUID().slice(0, 8)}@example.edu`,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

/**
 * One submitted application with a converted transcript (a submit's render and a conversion are
 * the slow part of this file), made on first use and shared in file order: its copy is taken,
 * closing its account is refused, and the office erases it last. Its PDF settled (made or failed)
 * first, so no render writes meanwhile: the render writes its service token, which is neither a
 * refused request's doing nor the erasure's.
 */
const submittedAnswers = { ...completeApplication(), first_name: `Ex${randomUUID().slice(0, 6)}` };
let submittedOnce: ReturnType<typeof registeredApplicant> | undefined;
const submittedApplicant = () =>
  (submittedOnce ??= (async () => {
    const a = await registeredApplicant(baseUrl);
    expect((await a.put('/api/answer', submittedAnswers)).status).toBe(200);
    await transcript(a);
    expect((await a.post('/api/submit')).status).toBe(200);
    expect(['COMPLETED', 'FAILED']).toContain((await waitForApplicationPdf(a, 120_000)).status);
    return a;
  })());

describe('a copy of my data', () => {
  let applicant: Awaited<ReturnType<typeof registeredApplicant>>;
  let files: Record<string, Uint8Array>;
  const answers = submittedAnswers;

  beforeAll(async () => {
    applicant = await submittedApplicant();
    expect(await settledPdf(applicant)).toBe('COMPLETED');
    files = await exportFiles(applicant);
  }, 400_000);

  it('holds answers.json with every saved answer and its question, account.json, the application as submitted, the PDF, the document and a README', async () => {
    expect(Object.keys(files).sort()).toEqual([
      'README.txt',
      'account.json',
      'answers.json',
      'application-as-submitted.json',
      'application.pdf',
      'documents/high-school-transcript.pdf',
    ]);
    // The application as submitted: the words the applicant read, with the answer as printed, and the document as it stands.
    const kept = JSON.parse(strFromU8(files['application-as-submitted.json']!)) as { taken_at: string; pages: PrintedPage[] };
    const keptRows = kept.pages.flatMap((p) => p.sections.flatMap((s) => s.rows));
    expect(keptRows).toContainEqual({ key: 'first_name', label: 'First Name', value: submittedAnswers.first_name });
    expect(keptRows.find((r) => r.key === 'hs_transcript')?.value).toMatch(/^Document attached: transcript\.png/);
    const saved = JSON.parse(strFromU8(files['answers.json']!)) as Array<{ key: string; question: string; answer: string; answer_label?: string }>;
    const byKey = new Map(saved.map((a) => [a.key, a]));
    for (const [key, value] of Object.entries(answers)) {
      if (key.endsWith('_desc')) continue;
      expect(byKey.get(key)?.answer, key).toBe(value);
      expect(byKey.get(key)?.question, key).not.toBe('');
    }
    expect(byKey.get('first_name')).toEqual({ key: 'first_name', question: 'First Name', answer: answers.first_name });

    const account = JSON.parse(strFromU8(files['account.json']!)) as Record<string, unknown>;
    const profile = (await applicant.get<{ reference: string; submitted_at: string }>('/api/profile')).body;
    expect(account).toMatchObject({ email: applicant.username, reference: profile.reference, submitted_at: profile.submitted_at });
    expect(account.signed_in_at).toEqual([expect.stringMatching(/^\d{4}-/)]);
    expect(account.web_status).toEqual(expect.arrayContaining(['submitted']));

    for (const name of ['application.pdf', 'documents/high-school-transcript.pdf']) {
      const pdf = await PDFDocument.load(files[name]!);
      expect(pdf.getPageCount(), name).toBeGreaterThan(0);
    }
    expect(strFromU8(files['README.txt']!)).toContain('answers.json');
  });

  it('is built at most once a minute per applicant (429 with the next time), and not for another applicant', async () => {
    // One copy per calendar minute (a fixed window: lambdas/adapters/store/rate-limits.ts). Under load
    // the copy beforeAll packed can be in the minute before: then the first ask packs this minute's
    // copy, and the second is refused. A limit that did not hold would pack both.
    const refusedThisMinute = async <T extends { status: number }>(ask: () => Promise<T>): Promise<T> => {
      const first = await ask();
      return first.status === 429 ? first : ask();
    };
    const again = await refusedThisMinute(() => applicant.get<{ message: string; next_allowed_at: string }>('/api/account/export'));
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/less than a minute ago/);
    expect(Date.parse(again.body.next_allowed_at)).toBeGreaterThan(Date.now() - 1000);
    // A browser's second click (a navigation) is shown a page that says so, not the JSON.
    const clicked = await refusedThisMinute(() =>
      fetch(`${baseUrl}/api/account/export`, {
        headers: { cookie: applicant.cookieHeader, accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
        redirect: 'manual',
      }),
    );
    expect(clicked.status).toBe(429);
    expect(clicked.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await clicked.text()).toMatch(/<h1>Please wait a moment<\/h1>[\s\S]*less than a minute ago/);
    const other = await registeredApplicant(baseUrl);
    const theirs = await exportFiles(other);
    expect(JSON.parse(strFromU8(theirs['answers.json']!))).toEqual([]);
    expect(strFromU8(theirs['account.json']!)).not.toContain(applicant.username);
  });

  it('needs a session', async () => {
    expect((await new ApiClient(baseUrl).get('/api/account/export')).status).toBe(401);
  });
});

describe('closing my account', () => {
  it('refuses a wrong password, then deletes every item and object of the applicant; the address signs up again', async () => {
    const a = await registeredApplicant(baseUrl);
    const sub = a.subject;
    expect((await a.put('/api/answer', { ...completeApplication(), first_name: 'Closing' })).status).toBe(200);
    await transcript(a);
    expect((await a.put('/api/tabs', { tab_id: 'transcript_source', chosen_tab: 'upload' })).status).toBe(200);
    const recommendation = await invite(a);
    await exportFiles(a);
    const other = await registeredApplicant(baseUrl);
    expect((await other.put('/api/answer', { first_name: 'Other' })).status).toBe(200);
    expect((await traces([sub, recommendation])).length).toBeGreaterThan(5);
    const othersBefore = await traces([other.subject]);

    // Someone holding a copy of the session cookie (a shared computer, a stolen cookie).
    const copy = new ApiClient(baseUrl);
    for (const [name, value] of a.jar) copy.jar.set(name, value);

    const wrong = await closeAccount(a, 'Not-The-Password-1!');
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.password?.[0]).toMatch(/not correct/);
    expect((await a.get('/api/profile')).status).toBe(200);

    const closed = await closeAccount(a, PASSWORD);
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(closed.body.message).toMatch(/deleted/);
    // The cookies are cleared in the answer.
    expect(a.jar.size).toBe(0);
    expect(await traces([sub, recommendation])).toEqual([]);
    expect(await traces([other.subject])).toEqual(othersBefore);
    // The copied access token still verifies by its signature, but its session is closed: it reads and writes nothing.
    expect((await copy.get('/api/profile')).status).toBe(401);
    expect((await copy.put('/api/answer', { first_name: 'Written back' })).status).toBe(401);
    expect(await traces([sub, recommendation])).toEqual([]);
    // A sign-out that still reaches the record (of a session begun during the deletion) leaves it closed, its TTL kept.
    await recordSignOut(sub, 'a-later-session', Math.floor(Date.now() / 1000) + 5);
    expect(await traces([sub, recommendation])).toEqual([]);
    // The identity is gone: the password no longer signs in, and the address signs up afresh (a new id).
    expect((await new ApiClient(baseUrl).post('/public/login', { username: a.username, password: PASSWORD })).status).toBe(400);
    const again = await registeredApplicant(baseUrl, a.username);
    expect(again.subject).not.toBe(sub);
    expect((await again.get<{ first_name?: string }>('/api/profile')).status).toBe(200);
  }, 180_000);

  it('refuses a submitted application in words that name the office to contact, and deletes nothing', async () => {
    const a = await submittedApplicant();
    const before = await traces([a.subject]);
    const refused = await closeAccount(a, PASSWORD);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(`contact the admissions office at ${institution.helpEmail}`);
    expect(await tracesChangedSince([a.subject], before)).toEqual({ gone: [], added: [] });
  }, 400_000);

  it('answers bad input with a 400 in words', async () => {
    const a = await registeredApplicant(baseUrl);
    const missing = await closeAccount(a, '');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/current password/);
    expect((await a.request('DELETE', '/api/account', { password: 'x', sub: 'someone-else' })).status).toBe(400);
    expect((await new ApiClient(baseUrl).request('DELETE', '/api/account', { password: PASSWORD })).status).toBe(401);
  });

  it('finishes a deletion that failed midway: the marker stays, and the next request completes it', async () => {
    const a = await registeredApplicant(baseUrl);
    const sub = a.subject;
    expect((await a.put('/api/answer', { ...completeApplication(), first_name: 'Halfway' })).status).toBe(200);
    await transcript(a);
    const recommendation = await invite(a);

    // The real adapters against the running stack, with the storage failing after the first object deleted.
    const real = erasurePorts(() => Promise.reject(new Error('the identity is never reached in this run')));
    let deleted = 0;
    const faulty = {
      ...real,
      objects: {
        ...real.objects,
        delete: async (bucket: Parameters<typeof real.objects.delete>[0], key: string) => {
          if (deleted++ === 1) throw new Error('injected: S3 is unavailable');
          await real.objects.delete(bucket, key);
        },
      },
    };
    await expect(eraseApplicant(faulty, sub, 'applicant')).rejects.toThrow('injected');
    const left = await traces([sub, recommendation]);
    const marker = erasureMarkerKey(sub);
    expect(left).toContain(`status:${marker.pk}|${marker.sk}`);
    expect(left.length).toBeGreaterThan(3);

    // A deletion begun before the marker left the applicant's partition (its old key, pk=<sub>
    // sk=erasure) is found there for one release, moved to the new key as it was, and resumed.
    const begun = (await dynamoClient().send(new GetCommand({ TableName: config().statusTable, Key: marker }))).Item as Record<string, unknown>;
    expect(begun).toMatchObject({ sub, cause: 'applicant' });
    await dynamoClient().send(new DeleteCommand({ TableName: config().statusTable, Key: marker }));
    await dynamoClient().send(new PutCommand({ TableName: config().statusTable, Item: { ...begun, pk: sub, sk: 'erasure' } }));
    expect(await erasurePorts(() => Promise.resolve()).tables.readMarker(sub)).toEqual({ sub, cause: 'applicant', startedAt: begun.startedAt });
    expect((await dynamoClient().send(new GetCommand({ TableName: config().statusTable, Key: marker }))).Item).toMatchObject({ startedAt: begun.startedAt });

    // The applicant can still sign in (the identity goes last) and asks again. The failed run
    // closed the session first (tokens of that second included), so they sign in anew: their old
    // cookie held only while the stack's session cache (5 s) remembered it open.
    await new Promise((r) => setTimeout(r, 1_000));
    const again = new ApiClient(baseUrl);
    expect((await again.post('/public/login', { username: a.username, password: PASSWORD })).status).toBe(200);
    const finished = await closeAccount(again, PASSWORD);
    expect(finished.status, JSON.stringify(finished.body)).toBe(200);
    expect(await traces([sub, recommendation])).toEqual([]);
  }, 180_000);
});

describe('a PDF render that runs while the account is closed', () => {
  // The job runs in this process as the event runtime runs it (real Chromium), against the stack's servers.
  beforeAll(() => {
    setConfig({ ...endpoints(), publicOrigin: baseUrl });
  });
  afterAll(async () => {
    setConfig(endpoints());
    await closeBrowser();
  });

  it('takes back what it stores after the deletion listed and deleted: nothing of the applicant is left in any table or bucket', async () => {
    const a = await registeredApplicant(baseUrl);
    const sub = a.subject;
    expect((await a.put('/api/answer', { ...completeApplication(), first_name: 'Late' })).status).toBe(200);
    const other = await registeredApplicant(baseUrl);
    expect((await other.put('/api/answer', { first_name: 'Other' })).status).toBe(200);
    const othersBefore = await traces([other.subject]);

    // The account is closed (the whole deletion, over HTTP) once the job has printed and before it
    // stores: the deletion has listed and deleted everything by then, so the job's PDF, its state
    // and its service token are written after it.
    let closedBeforeStoring = false;
    const outcome = await renderApplicationPdf(sub, {
      ...renderDependencies,
      deadlineMs: 170_000,
      print: async (input) => {
        const printed = await renderDependencies.print(input);
        const closed = await closeAccount(a, PASSWORD);
        expect(closed.status, JSON.stringify(closed.body)).toBe(200);
        closedBeforeStoring = true;
        return printed;
      },
    });

    expect(closedBeforeStoring).toBe(true);
    expect(outcome).toEqual({ status: 'WITHDRAWN' });
    expect(await traces([sub])).toEqual([]);
    expect(await traces([other.subject])).toEqual(othersBefore);
  }, 240_000);
});

describe("the office's erasure", () => {
  let admin: StaffClient;
  let reader: StaffClient;
  let decider: StaffClient;
  // The file's submitted application (its copy taken, its closing refused): refused to readers,
  // deciders and the applicant first, then erased by an admin.
  let a: Awaited<ReturnType<typeof registeredApplicant>>;
  const name = submittedAnswers.first_name;

  beforeAll(async () => {
    [admin, reader, decider, a] = await Promise.all([
      signedInStaff(baseUrl, undefined, 'admin'),
      signedInStaff(baseUrl, undefined, 'reader'),
      signedInStaff(baseUrl, undefined, 'decider'),
      submittedApplicant(),
    ]);
  }, 400_000);

  const erase = (who: ApiClient, id: string, reason = 'Asked by the applicant in writing') =>
    who.post<{ message: string; id: string; reference: string }>(`/staff/api/applications/${id}/erase`, { reason });

  it('is for admins: readers and deciders are refused (403) before anything is written; applicants cannot reach it', async () => {
    const before = await traces([a.subject]);
    for (const who of [reader, decider]) expect((await erase(who, a.subject)).status).toBe(403);
    expect((await erase(a, a.subject)).status).toBe(401);
    expect(await tracesChangedSince([a.subject], before)).toEqual({ gone: [], added: [] });
    expect((await erase(admin, a.subject, '')).status).toBe(400);
    expect((await erase(admin, randomUUID())).status).toBe(404);
  });

  it('erases a submitted application: audited (who, when, reason, reference; nothing personal), Application Erased published, nothing else of it left', async () => {
    const reference = (await a.get<{ reference: string }>('/api/profile')).body.reference;
    const sub = a.subject;
    expect((await admin.get(`/staff/api/applications/${sub}`)).status).toBe(200);

    const res = await erase(admin, sub);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: sub, reference });

    // Only the office's own records stay: the audit partition of the application (its reads and the erasure).
    const left = await traces([sub]);
    const outsideAudit = left.filter((t) => !t.startsWith(`audit:application#${sub}|`));
    // The PDF render's service token (5 minutes, found by no key of the applicant) is removed by its TTL.
    expect(outsideAudit.filter((t) => !/^status:token#[0-9a-f]{64}\|token$/.test(t))).toEqual([]);
    const audit = await admin.get<{ items: Array<{ action: string; staff: string; summary: string; detail?: Record<string, string>; at: string }> }>(
      `/staff/api/audit?application=${sub}`,
    );
    const record = audit.body.items.find((i) => i.action === 'erase');
    expect(record).toMatchObject({ staff: admin.email, summary: `Erased the application ${reference}: “Asked by the applicant in writing”` });
    const trail = JSON.stringify(audit.body);
    for (const personal of [name, a.username, 'Lovelace']) expect(trail).not.toContain(personal);

    expect((await events()).filter((e) => e['detail-type'] === 'Application Erased' && e.detail.id === sub).map((e) => e.detail)).toEqual([
      { version: 1, cycle: expect.any(String) as string, id: sub, reference },
    ]);
    // Every event the stack has published so far, as the schemas in docs/events/ describe it.
    expect(eventProblems(await events())).toEqual([]);
    expect((await admin.get(`/staff/api/applications/${sub}`)).status).toBe(404);
    expect((await new ApiClient(baseUrl).post('/public/login', { username: a.username, password: PASSWORD })).status).toBe(400);
    // Its address is free again.
    await latestMail(baseUrl, a.username);
    expect((await registeredApplicant(baseUrl, a.username)).subject).not.toBe(sub);
  }, 180_000);
});

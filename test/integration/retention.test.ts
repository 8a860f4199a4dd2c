/**
 * The retention sweep on the real local stack, as of dates ahead: an account never submitted
 * gets exactly one warning (the date, never its answers) in the dev outbox; an unconfirmed
 * sign-up and a submitted application get none; a dry run changes no table and sends nothing;
 * the accounts due are erased entirely (the platform's one deletion) and their addresses are free
 * again; a submission past the policy is erased and announced; what a late writer killed before
 * its check left of an erased account is removed by a later sweep; data whose identity was deleted
 * at the provider directly is erased; the CLI prints counts only. The sweep reads every account, so this file runs its own stack in
 * its own worker: the shared stack's other tests keep their accounts and their outboxes.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoClient } from '#adapters/clients';
import { putPdf } from '#adapters/storage/objects';
import { erasureTables } from '#adapters/store/erasure-store';
import { nothingDone, sweepRetention, type RetentionResult } from '#domain/retention/sweep';
import { config } from '#lambdas/config';
import { startStack, type RunningStack } from '#local/stack';
import { retentionPorts } from '#wiring/retention';
import { waitForApplicationPdf } from '../fixtures/upload';
import { completeApplication } from '../support/answers';
import { ApiClient, PASSWORD, outbox, registeredApplicant, uniqueEmail, type Mail } from '../support/client';
import { isClosedSession, traces } from '../support/traces';

const ROOT = resolve(import.meta.dirname, '..', '..');
const DAY = 24 * 60 * 60 * 1000;
/** A first name no mail may ever carry. */
const ANSWER = 'Quillonia';
const none = nothingDone();

let stack: RunningStack;
let dataDir: string;
let idle: Awaited<ReturnType<typeof registeredApplicant>>;
let neverSignedIn: string;
let unconfirmed: string;
let submitted: Awaited<ReturnType<typeof registeredApplicant>>;

const asOf = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const warningsTo = async (to: string) => (await outbox(stack.url)).filter((m: Mail) => m.to === to && /will be deleted on/.test(m.subject));

async function sweep(body: Record<string, unknown>): Promise<RetentionResult> {
  const res = await fetch(`${stack.url}/_dev/retention/sweep`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return (await res.json()) as RetentionResult;
}

/** Every item of the tables the sweep reads or writes, and the local provider's users. */
async function snapshot(): Promise<string> {
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: stack.dynamodbEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  );
  const tables = [config().statusTable, config().answersTable, config().tabsTable, 'local-identity'];
  const all: Record<string, unknown[]> = {};
  for (const table of tables) {
    const items = (await db.send(new ScanCommand({ TableName: table }))).Items ?? [];
    // An erasure leaves the account's session record closed (its id and times only) until its TTL.
    all[table] = items
      .filter((i) => !isClosedSession(i))
      .map((i) => JSON.stringify(i))
      .sort();
  }
  db.destroy();
  return JSON.stringify(all);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'retention-'));
  stack = await startStack({ port: 0, dataDir, quiet: true });
  idle = await registeredApplicant(stack.url);
  expect((await idle.put('/api/answer', { first_name: ANSWER })).status).toBe(200);

  neverSignedIn = uniqueEmail('never-signed-in');
  const c = new ApiClient(stack.url);
  expect((await c.post('/public/signup', { username: neverSignedIn, password: PASSWORD })).status).toBe(200);
  const code = (await outbox(stack.url)).filter((m) => m.to === neverSignedIn).at(-1)?.code;
  expect((await c.post('/public/confirm', { username: neverSignedIn, code })).status).toBe(200);

  unconfirmed = uniqueEmail('unconfirmed');
  expect((await new ApiClient(stack.url).post('/public/signup', { username: unconfirmed, password: PASSWORD })).status).toBe(200);

  submitted = await registeredApplicant(stack.url);
  expect((await submitted.put('/api/answer', { ...completeApplication(), first_name: ANSWER })).status).toBe(200);
  expect((await submitted.post('/api/submit')).status).toBe(200);
  // Its PDF first: a render still running when a test erases the account would write its items
  // again afterwards (the next sweep's leftovers, tested below on purpose, not by chance).
  await waitForApplicationPdf(submitted, 90_000);
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('the retention sweep, as of a date', () => {
  it('leaves accounts used within the policy alone', async () => {
    expect(await sweep({ as_of: asOf(384) })).toEqual(none);
    expect(await warningsTo(idle.username)).toEqual([]);
  });

  it('in a dry run counts the warnings due and changes no item and sends no mail', async () => {
    const before = await snapshot();
    const mails = (await outbox(stack.url)).length;
    expect(await sweep({ as_of: asOf(390), dry_run: true })).toEqual({ ...none, dryRun: true, warned: 2 });
    expect(await snapshot()).toBe(before);
    expect((await outbox(stack.url)).length).toBe(mails);
  });

  it('warns an account never submitted exactly once, with the date of deletion and none of its answers', async () => {
    expect(await sweep({ as_of: asOf(390) })).toEqual({ ...none, warned: 2 });
    expect(await sweep({ as_of: asOf(391) })).toEqual(none);
    for (const to of [idle.username, neverSignedIn]) {
      const warnings = await warningsTo(to);
      expect(warnings, to).toHaveLength(1);
      expect(warnings[0]!.subject).toMatch(/^Example State University: your application account will be deleted on [A-Z][a-z]+ \d{1,2}, \d{4}$/);
      expect(warnings[0]!.text).toContain('sign in to keep it');
      expect(warnings[0]!.text).not.toContain(ANSWER);
      expect(warnings[0]!.link).toBe(`${stack.url}/login`);
    }
    // Never to an address that was not proven, nor to an application already submitted.
    expect(await warningsTo(unconfirmed)).toEqual([]);
    expect(await warningsTo(submitted.username)).toEqual([]);
  });

  it('finds a submission past submittedDays through the submissions index (dry run), and every account due by then', async () => {
    const before = await snapshot();
    expect(await sweep({ as_of: asOf(2556), dry_run: true })).toEqual({ ...none, dryRun: true, erasedUnsubmitted: 3, erasedSubmitted: 1 });
    expect(await snapshot()).toBe(before);
  });

  it('erases the accounts due (warned ones, the unconfirmed sign-up) entirely, and their addresses can sign up again; the submission within the policy stays', async () => {
    expect(await sweep({ as_of: asOf(406) })).toEqual({ ...none, erasedUnsubmitted: 3 });
    const after = await snapshot();
    expect(after).not.toContain(idle.subject);
    for (const address of [idle.username, neverSignedIn, unconfirmed])
      expect(
        Object.values(JSON.parse(after) as Record<string, string[]>)
          .flat()
          .filter((i) => i.includes(address)),
        address,
      ).toEqual([]);
    expect(after).toContain(submitted.subject);
    expect((await new ApiClient(stack.url).post('/public/login', { username: idle.username, password: PASSWORD })).status).toBe(400);
    await registeredApplicant(stack.url, idle.username);
  });

  it('erases a submission past submittedDays and tells the institution\u2019s systems (Application Erased)', async () => {
    const reference = (await submitted.get<{ reference: string }>('/api/profile')).body.reference;
    expect(await sweep({ as_of: asOf(2556) })).toMatchObject({ erasedSubmitted: 1, failed: 0 });
    expect(await snapshot()).not.toContain(submitted.subject);
    const events = (await (await fetch(`${stack.url}/_dev/events.json`)).json()) as Array<{ 'detail-type': string; detail: { id: string; reference: string } }>;
    expect(events.filter((e) => e['detail-type'] === 'Application Erased').map((e) => e.detail)).toEqual([
      { version: 1, cycle: 'current', id: submitted.subject, reference },
    ]);
  });
});

describe('the leftovers of an erased account', () => {
  it('are removed by the next sweep (a dry run only counts them), the closed session record aside; a second sweep finds nothing', async () => {
    const a = await registeredApplicant(stack.url);
    const sub = a.subject;
    expect((await a.put('/api/answer', { ...completeApplication(), first_name: ANSWER })).status).toBe(200);
    const invited = await a.post<{ id: string }>('/api/recommendations', {
      role: 'counselor',
      first_name: 'Grace',
      last_name: 'Hopper',
      email: uniqueEmail('recommender'),
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const id = invited.body.id;
    expect((await a.request('DELETE', '/api/account', { password: PASSWORD })).status).toBe(200);
    expect(await traces([sub, id])).toEqual([]);
    // The closed record names the recommendation, and a second closure (a resumed erasure's) keeps it.
    expect(await erasureTables.closedRecommendations(sub)).toEqual([id]);
    await erasureTables.closeSessions(sub, new Date(), new Date(Date.now() + DAY));
    expect(await erasureTables.closedRecommendations(sub)).toEqual([id]);

    // What a conversion killed between its write and its check leaves: the converted PDF and its item.
    const key = `converted/${sub}/resume/${sub}.pdf`;
    await putPdf(config().documentsBucket, key, new TextEncoder().encode('%PDF-1.7 left by a killed run'));
    await dynamoClient().send(
      new PutCommand({ TableName: config().answersTable, Item: { pk: sub, sk: 'document#resume', converted_key: key, status: 'CONVERTED' } }),
    );
    // And a recommender's letter's conversion killed the same way: its PDF (letterPdfKey), which no item names.
    const letter = `recommendations/${id}/0123456789ab-0123456789abcdef0123.pdf`;
    await putPdf(config().documentsBucket, letter, new TextEncoder().encode('%PDF-1.7 a letter left by a killed run'));
    const leftovers = [`answers:${sub}|document#resume`, `documents:${key}`, `documents:${letter}`].sort();
    expect((await traces([sub, id])).sort()).toEqual(leftovers);

    // Past the delay (LEFTOVERS_DELAY_MS): the end of tomorrow; no account is due under the policy by then.
    expect(await sweep({ as_of: asOf(1), dry_run: true })).toEqual({ ...none, dryRun: true, leftoversRemoved: 3 });
    expect((await traces([sub, id])).sort()).toEqual(leftovers);
    expect(await sweep({ as_of: asOf(1) })).toEqual({ ...none, leftoversRemoved: 3 });
    expect(await traces([sub, id])).toEqual([]);
    expect(await sweep({ as_of: asOf(1) })).toEqual(none);
  });
});

describe('data whose identity no longer exists', () => {
  it('is erased by the next sweep (a dry run only counts it): deleted at the provider directly, it would otherwise be kept for ever', async () => {
    const a = await registeredApplicant(stack.url);
    const sub = a.subject;
    expect((await a.put('/api/answer', { first_name: ANSWER })).status).toBe(200);
    expect((await a.put('/api/tabs', { tab_id: 'transcript_source', chosen_tab: 'counselor' })).status).toBe(200);
    // The identity goes at the provider itself, as a stolen token's DeleteUser or a click in the Cognito console would take it.
    for (const Key of [
      { pk: `user#${a.username}`, sk: 'user' },
      { pk: `user-sub#${sub}`, sk: 'sub' },
    ])
      await dynamoClient().send(new DeleteCommand({ TableName: 'local-identity', Key }));
    expect((await new ApiClient(stack.url).post('/public/login', { username: a.username, password: PASSWORD })).status).toBe(400);
    const left = await traces([sub]);
    expect(left.length).toBeGreaterThan(0);

    expect(await sweep({ as_of: asOf(1), dry_run: true })).toEqual({ ...none, dryRun: true, erasedWithoutIdentity: 1 });
    expect(await traces([sub])).toEqual(left);
    expect(await sweep({ as_of: asOf(1) })).toEqual({ ...none, erasedWithoutIdentity: 1 });
    expect(await traces([sub])).toEqual([]);
    // Its closed session record is the leftovers pass's now, not this one's.
    expect(await sweep({ as_of: asOf(1) })).toEqual(none);
  });
});

describe('an applicant who comes back while the sweep runs', () => {
  /**
   * The real sweep (its adapters, the erasure's conditional writes) over one applicant only, with
   * `between` run right after it read where the application stands and before it erases.
   */
  async function sweepOne(sub: string, days: number, between: () => Promise<void> = () => Promise.resolve()): Promise<RetentionResult> {
    const ports = await retentionPorts();
    const directory = ports.directory;
    // A copy: the adapters' object is the module's own, shared by every run.
    const records = ports.records;
    ports.records = { ...records };
    ports.directory = {
      accountExists: (id) => directory.accountExists(id),
      listAccounts: async function* () {
        for await (const a of directory.listAccounts()) if (a.sub === sub) yield a;
      },
    };
    ports.records.listActivity = async function* () {
      for await (const a of records.listActivity()) if (a.sub === sub) yield a;
    };
    ports.records.listSubmittedBefore = async function* () {};
    let interleaved = false;
    ports.records.applicationState = async (id) => {
      const state = await records.applicationState(id);
      if (!interleaved) {
        interleaved = true;
        await between();
      }
      return state;
    };
    return sweepRetention(ports, new Date(Date.now() + days * DAY));
  }

  it('is not erased when they sign in and submit between the sweep\u2019s read and its erasure: counted as changed during the run', async () => {
    const a = await registeredApplicant(stack.url);
    expect((await a.put('/api/answer', { ...completeApplication(), first_name: ANSWER })).status).toBe(200);
    expect(await sweepOne(a.subject, 390)).toEqual({ ...none, warned: 1 });
    const result = await sweepOne(a.subject, 406, async () => {
      const back = new ApiClient(stack.url);
      expect((await back.post('/public/login', { username: a.username, password: PASSWORD })).status).toBe(200);
      expect((await back.post('/api/submit')).status).toBe(200);
    });
    expect(result).toEqual({ ...none, changed: 1 });
    expect((await a.get<{ reference: string }>('/api/profile')).body.reference).toMatch(/\S/);
    expect(await erasureTables.readMarker(a.subject)).toBeUndefined();
    // Settled before the next tests count what a sweep finds: its render must not land in their counts.
    await waitForApplicationPdf(a, 90_000);
  });

  it('is not erased when they only sign in between the read and the erasure; a later run, nothing changed meanwhile, erases as before', async () => {
    const a = await registeredApplicant(stack.url);
    expect((await a.put('/api/answer', { first_name: ANSWER })).status).toBe(200);
    expect(await sweepOne(a.subject, 390)).toEqual({ ...none, warned: 1 });
    const result = await sweepOne(a.subject, 406, async () => {
      expect((await new ApiClient(stack.url).post('/public/login', { username: a.username, password: PASSWORD })).status).toBe(200);
    });
    expect(result).toEqual({ ...none, changed: 1 });
    expect((await a.get('/api/profile')).status).toBe(200);
    // The next run, nothing changed since it read the account, erases it (the warning of the first run still stands).
    expect(await sweepOne(a.subject, 800)).toEqual({ ...none, erasedUnsubmitted: 1 });
    expect(await traces([a.subject])).toEqual([]);
  });
});

describe('npm run retention -- sweep', () => {
  it('prints what it did in counts, never an address or an id', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'scripts', 'retention.ts'), 'sweep', '--as-of', asOf(390), '--dry-run', '--url', stack.url],
      { cwd: ROOT },
    );
    // The lines and their order; the counts the sweep's own tests above check. Leftovers are
    // whatever a late job of this file's accounts wrote after their erasure (the pass is the net for
    // those), so their number is not fixed here.
    expect(stdout).toMatch(
      new RegExp(
        [
          `^Dry run \\(nothing changed\\) as of ${asOf(390)}:`,
          '  warned \\(e-mailed before deletion\\): 0',
          '  erased, never submitted: 0',
          '  erased, submitted past the policy: 0',
          '  erased, identity gone \\(data without an account\\): 0',
          '  kept on hold \\(legal or enrolment\\): 0',
          '  kept, changed during the run \\(signed in, submitted or held\\): 0',
          '  leftovers of erased accounts removed \\(items and objects\\): \\d+',
          '  failed \\(tried again next run\\): 0',
          '$',
        ].join('\n'),
      ),
    );
    expect(stdout).not.toMatch(/@|[0-9a-f]{8}-[0-9a-f]{4}/);
  });

  it('refuses what it does not understand, with its usage', async () => {
    const run = promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'scripts', 'retention.ts'), 'sweep', '--as-of', 'tomorrow', '--url', stack.url],
      { cwd: ROOT },
    );
    await expect(run).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('usage: npm run retention -- sweep [--as-of YYYY-MM-DD] [--dry-run]') });
  });
});

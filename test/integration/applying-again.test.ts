/**
 * Applying again (issue 37, item 5) on the real local stack over HTTP. The first stack runs last
 * year: its one cycle open, an applicant applies and submits, another saves and never submits,
 * with today's keys (no list of applications is written for either). The second stack runs on the
 * same data a year on: last year's cycle closed, this year's open. The returning applicant finds
 * last year's application as it was, starts this year's with their details carried over, and
 * last year's stays read-only through every route; another applicant sees none of it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readApplications } from '#adapters/store/applications-store';
import { readSubmitted } from '#adapters/store/submissions-index';
import type { CycleConfig } from '#form/types';
import { applicantEndpoints } from '#form/wire/applicant-endpoints';
import type { ApplicationsReply } from '#form/wire/responses';
import { setConfig } from '#lambdas/config';
import { completeApplication } from '../support/answers';
import { startChildStack, type ChildStack } from '../support/child-stack';
import { ApiClient, PASSWORD, registeredApplicant } from '../support/client';
import { applicantRoutes, exampleRequest } from '../support/route-cases';
import { signedInStaff } from '../support/staff';
import { dayFrom, testInstitutionFile, timetableClock, withTimetable } from '../support/test-timetable';

/** Two cycles, `last` then `this`, as they stand `shift` days from now (0: last year, 365: a year on). */
function twoYears(timeZone: string, entryTerms: readonly string[], shift: number): CycleConfig[] {
  const day = (days: number) => dayFrom(new Date(), timeZone, days - shift);
  return [
    {
      id: 'last',
      label: 'Last year',
      opens: day(-60),
      entryTerms,
      rounds: [{ id: 'rd', label: 'Regular Decision', deadline: day(100), decisionDate: day(120), replyBy: day(150) }],
    },
    {
      id: 'this',
      label: 'This year',
      opens: day(305),
      entryTerms,
      rounds: [{ id: 'rd', label: 'Regular Decision', deadline: day(465), decisionDate: day(485), replyBy: day(515) }],
    },
  ];
}

let dataDir: string;
let webDir: string;
let stack: ChildStack | undefined;

async function startYear(shift: number, name: string): Promise<ChildStack> {
  const file = withTimetable(
    testInstitutionFile(process.env.INSTITUTION_CONFIG!),
    ({ timeZone, entryTerms }) => twoYears(timeZone, timetableClock(new Date(), timeZone, entryTerms).terms(0), shift),
    name,
  );
  const started = await startChildStack({ dataDir, env: { INSTITUTION_CONFIG: file, WEB_DIR: webDir } });
  setConfig({ dynamodbEndpoint: started.dynamodbEndpoint, s3Endpoint: started.s3Endpoint });
  return started;
}

async function signedIn(url: string, username: string): Promise<ApiClient> {
  const client = new ApiClient(url);
  const login = await client.post('/public/login', { username, password: PASSWORD });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return client;
}

let returning: { username: string; sub: string };
let unsubmitted: { username: string; sub: string };
let lastYearsAnswers: Record<string, string>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'applying-again-data-'));
  // No web build: this test speaks to the API.
  webDir = mkdtempSync(join(tmpdir(), 'applying-again-web-'));

  // Last year, on today's keys.
  stack = await startYear(0, 'applying-again-last-year.yaml');
  const a = await registeredApplicant(stack.url);
  expect((await a.put('/api/answer', { ...completeApplication(), application_round: 'rd', phone_home: '(212) 555-0199' })).status).toBe(200);
  expect((await a.post('/api/submit')).status).toBe(200);
  lastYearsAnswers = (await a.get<{ answer: Record<string, string> }>('/api/profile')).body.answer;
  const b = await registeredApplicant(stack.url);
  expect((await b.put('/api/answer', { first_name: 'Grace', last_name: 'Hopper' })).status).toBe(200);
  returning = { username: a.username, sub: a.subject };
  unsubmitted = { username: b.username, sub: b.subject };
  // Today's code writes no list: each account holds its first application under its own key.
  expect(await readApplications(returning.sub)).toBeUndefined();
  await stack.stop();

  // A year on, on the same data.
  stack = await startYear(365, 'applying-again-this-year.yaml');
}, 240_000);

afterAll(async () => {
  await stack?.stop();
  for (const dir of [dataDir, webDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a returning applicant', () => {
  it("finds last year's application as it was, read as last year's, and is offered this year's", async () => {
    const a = await signedIn(stack!.url, returning.username);
    const list = await a.get<ApplicationsReply>('/api/applications');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({
      applications: [{ cycle: 'last', label: 'Last year', active: true, submitted_at: expect.any(String) as string }],
      start: { cycle: 'this', label: 'This year' },
    });
    expect((await a.get<{ answer: Record<string, string> }>('/api/profile')).body.answer).toEqual(lastYearsAnswers);
    expect((await readSubmitted(returning.sub))?.placement).toMatchObject({ cycle: 'last', round: 'rd' });
  });

  it("starts this year's application with what does not change, edits and submits it, and last year's stays read-only", async () => {
    const a = await signedIn(stack!.url, returning.username);
    const started = await a.post<{ cycle: string; label: string; message: string }>('/api/applications');
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toEqual({ cycle: 'this', label: 'This year', message: 'Your This year application is started.' });
    expect((await a.post<{ message: string }>('/api/applications')).body).toEqual({ message: 'Your This year application is started already.' });

    const fresh = await a.get<{ answer: Record<string, string>; submitted_at: string | null; successful_login: string[] }>('/api/profile');
    expect(fresh.body.submitted_at).toBeNull();
    // Sign-ins are the account's: the welcome banner greets a returning applicant as one.
    expect(fresh.body.successful_login.length).toBeGreaterThan(1);
    expect(fresh.body.answer).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      birth_date: lastYearsAnswers.birth_date,
      phone_home: '(212) 555-0199',
      address_line_1: '1 Main Street',
      state_desc: 'Illinois',
      hs_name: 'Springfield High School',
    });
    for (const key of ['entry_term', 'applied_major', 'application_round', 'legal_agree', 'gender']) expect(fresh.body.answer).not.toHaveProperty(key);

    // Last year's, named by its cycle: as submitted, and no write reaches it.
    const last = await a.get<{ answer: Record<string, string>; submitted_at: string | null }>('/api/profile?cycle=last');
    expect(last.status).toBe(200);
    expect(last.body.answer).toEqual(lastYearsAnswers);
    // Every applicant route that writes, from the route declarations (a new one is covered by
    // being declared), with its example request naming last year's cycle.
    const writes = applicantRoutes(applicantEndpoints).filter((route) => route.method !== 'GET');
    expect(writes.map((route) => route.path)).toEqual(expect.arrayContaining(['/api/answer', '/api/submit', '/api/tabs']));
    for (const route of writes) {
      const { method, path, body } = exampleRequest(route);
      const named = `${path}${path.includes('?') ? '&' : '?'}cycle=last`;
      const refused = await a.request<{ message: string }>(method, named, body);
      expect(refused.status, `${method} ${named}`).toBe(400);
      expect(refused.body.message).toBe('Changes go to your current application: this request does not take a cycle.');
    }

    // The new one is the one written to and submitted.
    expect((await a.put('/api/answer', { ...completeApplication(), application_round: 'rd', first_name: 'Augusta Ada' })).status).toBe(200);
    expect((await a.post('/api/submit')).status).toBe(200);
    const later = await readSubmitted(`${returning.sub}--this`);
    expect(later?.placement).toMatchObject({ cycle: 'this', round: 'rd' });
    expect(later?.answers.first_name).toBe('Augusta Ada');
    expect((await a.get<{ answer: Record<string, string> }>('/api/profile?cycle=last')).body.answer).toEqual(lastYearsAnswers);
    expect((await readSubmitted(returning.sub))?.answers.first_name).toBe('Ada');
    expect((await a.get<ApplicationsReply>('/api/applications')).body).toMatchObject({
      applications: [
        { cycle: 'last', active: false },
        { cycle: 'this', active: true },
      ],
      start: null,
    });
  }, 60_000);

  it("starts this year's application after leaving last year's unsubmitted; last year's cannot be saved any more", async () => {
    const b = await signedIn(stack!.url, unsubmitted.username);
    const refused = await b.put<{ message: string }>('/api/answer', { first_name: 'Amazing Grace' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^The Last year application closed on .+ Start your This year application to apply again\.$/);
    expect((await b.post('/api/applications')).status).toBe(200);
    expect((await b.get<{ answer: Record<string, string> }>('/api/profile')).body.answer).toEqual({ first_name: 'Grace', last_name: 'Hopper' });
    expect((await b.put('/api/answer', { first_name: 'Amazing Grace' })).status).toBe(200);
    expect((await b.get<{ answer: Record<string, string> }>('/api/profile?cycle=last')).body.answer).toEqual({ first_name: 'Grace', last_name: 'Hopper' });
  });

  it('appears to the office as two applications, one per cycle, and their copy of their data holds both', async () => {
    const staff = await signedInStaff(stack!.url);
    const listed = async (cycle: string) =>
      (await staff.get<{ items: Array<{ id: string; cycle: string }> }>(`/staff/api/applications?cycle=${cycle}`)).body.items.map((r) => r.id);
    expect(await listed('last')).toContain(returning.sub);
    expect(await listed('this')).toContain(`${returning.sub}--this`);
    expect(await listed('this')).not.toContain(returning.sub);
    const later = await staff.get<{ cycle: string; name: string }>(`/staff/api/applications/${returning.sub}--this`);
    expect(later.status).toBe(200);
    expect(later.body).toMatchObject({ cycle: 'this', name: expect.stringContaining('Augusta Ada') as string });

    const a = await signedIn(stack!.url, returning.username);
    const res = await fetch(`${stack!.url}/api/account/export`, { headers: { cookie: a.cookieHeader, accept: 'application/json' }, redirect: 'manual' });
    expect(res.status).toBe(303);
    const { url } = (await res.json()) as { url: string };
    const files = unzipSync(new Uint8Array(await (await fetch(url)).arrayBuffer()));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['answers.json', 'account.json', 'this/answers.json', 'this/account.json']));
    expect(strFromU8(files['this/answers.json']!)).toContain('Augusta Ada');
    expect(strFromU8(files['answers.json']!)).not.toContain('Augusta Ada');
  }, 60_000);

  it("is alone with their applications: a new account this year starts in this year's cycle and reads nobody else's", async () => {
    const c = await registeredApplicant(stack!.url);
    expect((await c.get<ApplicationsReply>('/api/applications')).body).toEqual({
      applications: [{ cycle: 'this', label: 'This year', active: true, submitted_at: null, reference: null }],
      start: null,
    });
    expect((await c.put('/api/answer', { first_name: 'Katherine' })).status).toBe(200);
    const none = await c.get<{ message: string }>('/api/profile?cycle=last');
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('You have no Last year application.');
    expect((await c.get<{ answer: Record<string, string> }>('/api/profile')).body.answer).toEqual({ first_name: 'Katherine' });
  });
});

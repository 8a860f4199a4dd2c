/**
 * The office sees the cycle (issue 37, item 7), on the real local stack over HTTP: a stack of its
 * own (so its list and queue hold only this test's applications) on a timetable of two cycles,
 * the current one with an early round in its late window and a regular round open. Four
 * applications: one on time, one late, one placed in last cycle and one from before cycles (both
 * written straight into the answers item, as the lock of an earlier year or earlier code left
 * them). The list filters by cycle, round and late, each row says them, the application says what
 * late means, the exports carry the columns and the reader's queue is per cycle.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoClient } from '#adapters/clients';
import { SK } from '#adapters/store/keys';
import { policies } from '#form/institution-policies';
import { config } from '#lambdas/config';
import { completeApplication } from '../support/answers';
import { registeredApplicant } from '../support/client';
import { signedInStaff, type StaffClient } from '../support/staff';
import { cycleAround } from '../support/test-timetable';
import { startStackOnTimetable, type TimetableStack } from '../support/timetable-stack';

interface Row {
  id: string;
  cycle: string;
  cycle_label: string;
  round: string;
  round_label: string;
  late: boolean;
}

let stack: TimetableStack;
let staff: StaffClient;
/** In submission order: on time, late, last cycle's, from before cycles. */
const ids = { onTime: '', late: '', lastCycle: '', beforeCycles: '' };

async function submittedIn(round: string): Promise<string> {
  const a = await registeredApplicant(stack.url);
  const saved = await a.put('/api/answer', { ...completeApplication(), application_round: round });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const submitted = await a.post('/api/submit');
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  return a.subject;
}

/** Rewrites what the submission's lock recorded, as an earlier cycle (or earlier code, with `null`) left it. */
async function placeDirectly(id: string, placement: { cycle: string; round: string; late: boolean } | null): Promise<void> {
  await dynamoClient().send(
    new UpdateCommand({
      TableName: config().answersTable,
      Key: { pk: id, sk: SK.answers },
      ExpressionAttributeNames: { '#c': 'cycle', '#r': 'round', '#l': 'late' },
      ...(placement
        ? {
            UpdateExpression: 'SET #c = :c, #r = :r, #l = :l',
            ExpressionAttributeValues: { ':c': placement.cycle, ':r': placement.round, ':l': placement.late },
          }
        : { UpdateExpression: 'REMOVE #c, #r, #l' }),
    }),
  );
}

beforeAll(async () => {
  // Last cycle (closed long ago, the first configured, with last year's terms), and this one:
  // early action closed two days ago but late for five more, regular open.
  stack = await startStackOnTimetable('office-cycles', (clock) => [
    cycleAround(clock, {
      id: 'last',
      label: 'Last cycle',
      opens: -400,
      entryTerms: clock.terms(-400),
      rounds: [{ id: 'rd', label: 'Regular Decision', deadline: -300, decisionDate: -280, replyBy: -250 }],
    }),
    cycleAround(clock, {
      id: 'this',
      label: 'This cycle',
      opens: -30,
      rounds: [
        { id: 'ea', label: 'Early Action', deadline: -2, deadlineTime: '12:00', lateDays: 5, decisionDate: 10, replyBy: 60 },
        { id: 'rd', label: 'Regular Decision', deadline: 100, decisionDate: 110, replyBy: 130 },
      ],
    }),
  ]);
  // One after the other: the list is newest first, the queue oldest first.
  ids.onTime = await submittedIn('rd');
  ids.late = await submittedIn('ea');
  ids.lastCycle = await submittedIn('rd');
  ids.beforeCycles = await submittedIn('rd');
  await placeDirectly(ids.lastCycle, { cycle: 'last', round: 'rd', late: false });
  await placeDirectly(ids.beforeCycles, null);
  staff = await signedInStaff(stack.url);
}, 180_000);

afterAll(() => stack?.stop());

const listed = async (query: string): Promise<string[]> => {
  const res = await staff.get<{ items: Row[] }>(`/staff/api/applications${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items.map((r) => r.id);
};

describe('the office sees the cycle', () => {
  it('each row says its cycle, round and lateness; one from before cycles is the first cycle’s', async () => {
    const res = await staff.get<{ items: Row[] }>('/staff/api/applications');
    const rows = Object.fromEntries(
      res.body.items.map(({ id, cycle, cycle_label, round, round_label, late }) => [id, { cycle, cycle_label, round, round_label, late }]),
    );
    expect(rows).toEqual({
      [ids.onTime]: { cycle: 'this', cycle_label: 'This cycle', round: 'rd', round_label: 'Regular Decision', late: false },
      [ids.late]: { cycle: 'this', cycle_label: 'This cycle', round: 'ea', round_label: 'Early Action', late: true },
      [ids.lastCycle]: { cycle: 'last', cycle_label: 'Last cycle', round: 'rd', round_label: 'Regular Decision', late: false },
      [ids.beforeCycles]: { cycle: 'last', cycle_label: 'Last cycle', round: '', round_label: '', late: false },
    });
  });

  it('filters the list by cycle, round and late, newest first', async () => {
    expect(await listed('?cycle=this')).toEqual([ids.late, ids.onTime]);
    expect(await listed('?cycle=last')).toEqual([ids.beforeCycles, ids.lastCycle]);
    expect(await listed('?cycle=this&round=ea')).toEqual([ids.late]);
    expect(await listed('?round=rd')).toEqual([ids.lastCycle, ids.onTime]);
    expect(await listed('?late=true')).toEqual([ids.late]);
    expect(await listed('?cycle=last&late=false')).toEqual([ids.beforeCycles, ids.lastCycle]);
    expect(await listed('?cycle=this&late=false')).toEqual([ids.onTime]);
  });

  it('refuses a cycle, round or late filter that is not one, in words (400)', async () => {
    const cases: Array<[string, string]> = [
      ['?cycle=2019', 'There is no cycle “2019”: the cycles are last (Last cycle), this (This cycle).'],
      ['?cycle=last&round=ea', 'There is no round “ea” in the cycle Last cycle: the rounds are rd (Regular Decision).'],
      ['?late=maybe', 'The late filter is true (only applications submitted late) or false (only those on time).'],
    ];
    for (const [query, message] of cases) {
      for (const path of ['/staff/api/applications', '/staff/api/export.csv']) {
        const res = await staff.get<{ message: string }>(path + query);
        expect(res.status, path + query).toBe(400);
        expect(res.body).toEqual({ message });
      }
    }
  });

  it('shows on the application its cycle, round and what late means', async () => {
    const late = await staff.get<Row & { late_meaning?: string }>(`/staff/api/applications/${ids.late}`);
    expect(late.body).toMatchObject({ cycle: 'this', cycle_label: 'This cycle', round: 'ea', round_label: 'Early Action', late: true });
    expect(late.body.late_meaning).toMatch(
      /^Submitted after the Early Action deadline \(.+ at 12:00 pm .+\), inside its late window of 5 days: accepted and marked late\.$/,
    );
    const before = await staff.get<Row & { late_meaning?: string }>(`/staff/api/applications/${ids.beforeCycles}`);
    expect(before.body).toMatchObject({ cycle: 'last', round: '', late: false });
    expect(before.body).not.toHaveProperty('late_meaning');
  });

  it('exports the cycle, round and late columns, filtered like the list', async () => {
    // fetch follows the export's redirect to the file.
    const download = async (path: string) => {
      const res = await fetch(stack.url + path, { headers: { cookie: staff.cookieHeader } });
      expect(res.status).toBe(200);
      return res.text();
    };
    const rows = JSON.parse(await download('/staff/api/export.json?cycle=last')) as Array<Record<string, string>>;
    expect(rows.map((r) => [r.id, r.cycle, r.round, r.late])).toEqual([
      [ids.beforeCycles, 'last', '', 'N'],
      [ids.lastCycle, 'last', 'rd', 'N'],
    ]);
    const [header, ...lines] = (await download('/staff/api/export.csv?late=true'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const columns = header!.split(',');
    expect(columns.slice(0, 7)).toEqual(['id', 'reference', 'submitted_at', 'email', 'cycle', 'round', 'late']);
    expect(lines.map((l) => l.split(',').slice(0, 7)).map((cells) => [cells[0], cells[4], cells[5], cells[6]])).toEqual([[ids.late, 'this', 'ea', 'Y']]);
  });

  it('offers the reader the next application of the current cycle, or of the cycle asked for', async () => {
    const reader = await signedInStaff(stack.url, undefined, 'reader');
    const next = async (query = '') => {
      const res = await reader.get<{ id: string; message?: string }>(`/staff/api/queue/next${query}`);
      return res.status === 200 ? res.body.id : `${res.status} ${res.body.message}`;
    };
    const scores = Object.fromEntries(policies.reviewRubric.map((c) => [c.key, 3]));
    const review = async (id: string) =>
      expect((await reader.post(`/staff/api/applications/${id}/reviews`, { scores, recommendation: 'admit' })).status).toBe(200);

    expect(await next()).toBe(ids.onTime);
    expect(await next('?cycle=last')).toBe(ids.lastCycle);
    await review(ids.onTime);
    expect(await next()).toBe(ids.late);
    await review(ids.late);
    expect(await next('?cycle=this')).toBe(
      '404 There is nothing left for you to read in This cycle: you have reviewed every application of that cycle waiting for a decision.',
    );
    // Last cycle's queue holds the one from before cycles too.
    await review(ids.lastCycle);
    expect(await next('?cycle=last')).toBe(ids.beforeCycles);
    expect(await next('?cycle=2019')).toBe('400 There is no cycle “2019”: the cycles are last (Last cycle), this (This cycle).');
  });
});

/**
 * The timetable enforced on the real local stack over HTTP (issue 37, item 2): a stack whose
 * institution has a round closing within the minute. A submission before the deadline is
 * accepted; one received after it is refused (409) naming the deadline and the rounds still
 * open, with the answers kept, and goes through once the applicant switches round; a round in its
 * late window accepts and marks the submission late. The server's receive time decides.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSubmitted } from '#adapters/store/submissions-index';
import type { CycleConfig } from '#form/types';
import { setConfig } from '#lambdas/config';
import { completeApplication } from '../support/answers';
import { startChildStack, type ChildStack } from '../support/child-stack';
import { registeredApplicant } from '../support/client';
import { dayFrom, termsAhead, testInstitutionFile, withTimetable } from '../support/test-timetable';

const MINUTE = 60_000;
/** The deadline: the first whole minute at least 40 s away (a deadline is a minute of the clock). */
const deadline = new Date(Math.ceil((Date.now() + 40_000) / MINUTE) * MINUTE);

function wallClock(at: Date, timeZone: string): { day: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

function closingSoon(timeZone: string, entryTerms: readonly string[]): CycleConfig[] {
  const now = new Date();
  const day = (days: number) => dayFrom(now, timeZone, days);
  const soon = wallClock(deadline, timeZone);
  return [
    {
      id: 'current',
      label: 'This cycle',
      opens: day(-30),
      entryTerms,
      rounds: [
        // Closed two days ago at noon, still accepting (late) for five days.
        { id: 'early', label: 'Early Round', deadline: day(-2), deadlineTime: '12:00', lateDays: 5, decisionDate: day(4), replyBy: day(30) },
        { id: 'soon', label: 'Closing Round', deadline: soon.day, deadlineTime: soon.time, decisionDate: day(5), replyBy: day(30) },
        { id: 'regular', label: 'Regular Round', deadline: day(100), decisionDate: day(110), replyBy: day(130) },
      ],
    },
    {
      id: 'next',
      label: 'Next cycle',
      opens: day(200),
      entryTerms,
      rounds: [{ id: 'regular', label: 'Regular Round', deadline: day(300), decisionDate: day(310), replyBy: day(330) }],
    },
  ];
}

let stack: ChildStack;
let webDir: string;

beforeAll(async () => {
  // The chosen institution's file (already on the tests' timetable), with this test's cycles.
  const base = testInstitutionFile(process.env.INSTITUTION_CONFIG!);
  const file = withTimetable(base, ({ timeZone, entryTerms }) => closingSoon(timeZone, termsAhead(new Date(), entryTerms, timeZone)), 'deadlines.yaml');
  // No web build: this test speaks to the API, and the one in web/dist is made for another timetable.
  webDir = mkdtempSync(join(tmpdir(), 'deadlines-web-'));
  stack = await startChildStack({ env: { INSTITUTION_CONFIG: file, WEB_DIR: webDir } });
  setConfig({ dynamodbEndpoint: stack.dynamodbEndpoint, s3Endpoint: stack.s3Endpoint });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

async function applicantInRound(round: string) {
  const a = await registeredApplicant(stack.url);
  const saved = await a.put('/api/answer', { ...completeApplication(), application_round: round });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return a;
}

describe('a round closing within the minute', () => {
  it('accepts before the deadline, refuses after it in words with the answers kept, and marks a late-window submission late', async () => {
    const [before, after, late] = await Promise.all([applicantInRound('soon'), applicantInRound('soon'), applicantInRound('early')]);

    expect(Date.now()).toBeLessThan(deadline.getTime());
    expect((await before.post('/api/submit')).status).toBe(200);
    expect((await readSubmitted(before.subject))?.placement).toEqual({ cycle: 'current', round: 'soon', late: false });

    expect((await late.post('/api/submit')).status).toBe(200);
    expect((await readSubmitted(late.subject))?.placement).toEqual({ cycle: 'current', round: 'early', late: true });

    // One second after the deadline's minute began (the deadline second itself still counts).
    await new Promise((r) => setTimeout(r, deadline.getTime() + 1_100 - Date.now()));
    const profile = (await after.get('/api/profile')).body;
    const refused = await after.post<{ message: string }>('/api/submit');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /^The Closing Round deadline was .+ at \d{1,2}:\d{2} (am|pm) .+\. Your answers are saved: choose one of the rounds still open \(Early Round, Regular Round\) on Final Steps and submit again\.$/,
    );
    expect((await after.get('/api/profile')).body).toEqual(profile);
    expect(await readSubmitted(after.subject)).toBeUndefined();

    // The applicant switches round and submits.
    expect((await after.put('/api/answer', { application_round: 'regular' })).status).toBe(200);
    expect((await after.post('/api/submit')).status).toBe(200);
    expect((await readSubmitted(after.subject))?.placement).toEqual({ cycle: 'current', round: 'regular', late: false });
  }, 150_000);
});

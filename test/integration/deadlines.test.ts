/**
 * The timetable enforced on the real local stack over HTTP (issue 37, item 2): a stack whose
 * institution has a round closing within the minute. A submission before the deadline is
 * accepted; one received after it is refused (409) naming the deadline and the rounds still
 * open, with the answers kept, and goes through once the applicant switches round; a round in its
 * late window accepts and marks the submission late. The server's receive time decides.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSubmitted } from '#adapters/store/submissions-index';
import type { CycleConfig } from '#form/types';
import { completeApplication } from '../support/answers';
import { registeredApplicant } from '../support/client';
import { cycleAround } from '../support/test-timetable';
import { startStackOnTimetable, type TimetableStack } from '../support/timetable-stack';

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

let stack: TimetableStack;

beforeAll(async () => {
  stack = await startStackOnTimetable('deadlines', (clock) => {
    const soon = wallClock(deadline, clock.timeZone);
    return [
      cycleAround(clock, {
        id: 'current',
        label: 'This cycle',
        opens: -30,
        rounds: [
          // Closed two days ago at noon, still accepting (late) for five days.
          { id: 'early', label: 'Early Round', deadline: -2, deadlineTime: '12:00', lateDays: 5, decisionDate: 4, replyBy: 30 },
          { id: 'soon', label: 'Closing Round', deadline: soon.day, deadlineTime: soon.time, decisionDate: 5, replyBy: 30 },
          { id: 'regular', label: 'Regular Round', deadline: 100, decisionDate: 110, replyBy: 130 },
        ],
      }),
      cycleAround(clock, {
        id: 'next',
        label: 'Next cycle',
        opens: 200,
        entryTerms: clock.terms(365),
        rounds: [{ id: 'regular', label: 'Regular Round', deadline: 300, decisionDate: 310, replyBy: 330 }],
      }),
    ];
  });
}, 120_000);

afterAll(() => stack?.stop());

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

describe('the entry term', () => {
  it("saves one of the current cycle's terms, and refuses one of the next cycle's with a 400 in words, saving nothing of the request", async () => {
    const [current, next] = stack.cycles as [CycleConfig, CycleConfig];
    const a = await registeredApplicant(stack.url);
    expect((await a.put('/api/answer', { first_name: 'Ada', entry_term: current.entryTerms[0]! })).status).toBe(200);
    const before = (await a.get('/api/profile')).body;
    const later = next.entryTerms.find((t) => !current.entryTerms.includes(t))!;
    const refused = await a.put<{ message: string; errors: Record<string, string[]> }>('/api/answer', { first_name: 'Grace', entry_term: later });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(
      /^\w+ \d{4} is not an entry term of the This cycle application, which offers .+\. Nothing was saved: choose one of those terms\.$/,
    );
    expect(refused.body.errors.entry_term).toEqual([refused.body.message]);
    expect((await a.get('/api/profile')).body).toEqual(before);
  });
});

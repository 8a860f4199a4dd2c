/**
 * The applicant chooses a round (issue 37): on a stack whose timetable has three open rounds, one
 * of them binding, Final Steps asks which round, an early-decision choice asks for the binding
 * agreement (the error summary names it when it is missing), and the submission records the
 * round chosen. A stack and a web build of its own: the round question's options are the web
 * build's timetable, and the tests' shared timetable has one round.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSubmitted } from '#adapters/store/submissions-index';
import { waitForApplicationPdf } from '../fixtures/upload';
import { completeApplication } from '../support/answers';
import { registeredApplicant } from '../support/client';
import { cycleAround } from '../support/test-timetable';
import { startStackOnTimetable, type TimetableStack } from '../support/timetable-stack';
import { appRunning, DESKTOP, expectAccessible, sessionContext, useBrowser } from './browser';
import { usesOwnStack } from './stack-lease';

usesOwnStack();
const browser = useBrowser();

let stack: TimetableStack;

beforeAll(async () => {
  stack = await startStackOnTimetable(
    'rounds',
    (clock) => [
      cycleAround(clock, {
        id: 'current',
        label: 'This cycle',
        opens: -30,
        rounds: [
          { id: 'ea', label: 'Early Action', deadline: 20, decisionDate: 40, replyBy: 120 },
          { id: 'ed', label: 'Early Decision', deadline: 30, binding: true, decisionDate: 45, replyBy: 60 },
          { id: 'rd', label: 'Regular Decision', deadline: 90, decisionDate: 110, replyBy: 130 },
        ],
      }),
    ],
    { web: true, startTimeoutMs: 120_000 },
  );
}, 400_000);

afterAll(() => stack?.stop());

describe('choosing a round', () => {
  it('offers the open rounds, asks for the binding agreement with early decision, and records the round', async () => {
    const applicant = await registeredApplicant(stack.url);
    expect((await applicant.put('/api/answer', completeApplication())).status).toBe(200);
    const { context, page } = await sessionContext(browser(), applicant, { url: stack.url, viewport: DESKTOP });
    await page.goto('/final-steps');
    await appRunning(page);
    // A fieldset of radios: its legend names the group.
    const question = page.getByRole('group', { name: /Which round are you applying in\?/ });
    await question.waitFor();
    expect(await question.getByRole('radio').count()).toBe(3);
    for (const name of ['Early Action', 'Early Decision', 'Regular Decision']) await question.getByRole('radio', { name, exact: true }).waitFor();
    const agreement = page.getByRole('checkbox', { name: /I am applying in a binding round/ });
    expect(await agreement.count()).toBe(0);

    await question.getByRole('radio', { name: 'Early Decision' }).check();
    await agreement.waitFor();
    await expectAccessible(page, 'Final Steps with the round question and the binding agreement');
    await page.getByRole('button', { name: 'Submit application' }).click();
    const summary = page.locator('.error-summary').filter({ hasText: /binding round/ });
    await summary.waitFor();

    // The summary's link leads back to the agreement.
    await summary.getByRole('link', { name: /I am applying in a binding round/ }).click();
    await page.waitForURL('**/final-steps#binding_agree');
    await agreement.check();
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.waitForURL('**/completion');
    expect((await readSubmitted(applicant.subject))?.placement).toEqual({ cycle: 'current', round: 'ed', late: false });
    // Its PDF before the stack stops (a render cut off by the stop only logs an error).
    await waitForApplicationPdf(applicant, 90_000);
    await context.close();
  }, 120_000);
});

/**
 * A reader working through an assigned blind queue (issue 39, item 1), in real Chromium against a
 * local stack of its own: its one round is read blind and its reading rules assign every
 * application to Ann and Bob. Ann opens her queue, "Read next" checks the oldest out and opens it;
 * Bob's queue meanwhile offers him only the other one; Ann reviews with the keyboard, and the
 * application leaves her queue; Bob, reading it next, sees nothing of her review before his own.
 * axe on each screen and state. The staff sign in through the API; the browser gets their cookies.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policies } from '#form/institution-policies';
import { completeApplication } from '../support/answers';
import { registeredApplicant } from '../support/client';
import { signedInStaff, type StaffClient } from '../support/staff';
import { cycleAround } from '../support/test-timetable';
import { startStackOnTimetable, type TimetableStack } from '../support/timetable-stack';
import { appRunning, DESKTOP, expectAccessible, sessionContext, SETTLE, useBrowser } from './browser';
import { usesOwnStack } from './stack-lease';

usesOwnStack();
const browser = useBrowser();

const ANN = 'ann.reader@example.edu';
const BOB = 'bob.reader@example.edu';
const annNotes = 'Ann thinks the essay is remarkable.';

let stack: TimetableStack;
let ann: StaffClient;
let bob: StaffClient;
const names = { first: 'Ada Zola', second: 'Grace Young' };

async function press(target: Locator, key: 'Space' | 'Enter'): Promise<void> {
  await target.focus();
  await target.page().keyboard.press(key);
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

async function submitted(first: string, last: string): Promise<void> {
  const a = await registeredApplicant(stack.url);
  expect((await a.put('/api/answer', { ...completeApplication(), first_name: first, last_name: last })).status).toBe(200);
  expect((await a.post('/api/submit')).status).toBe(200);
}

beforeAll(async () => {
  stack = await startStackOnTimetable(
    'reading-e2e',
    (clock) => [
      cycleAround(clock, {
        id: 'current',
        label: 'This cycle',
        opens: -60,
        rounds: [{ id: 'rd', label: 'Regular Decision', deadline: 150, decisionDate: 170, replyBy: 200, blindReading: true }],
      }),
    ],
    {
      web: true,
      startTimeoutMs: 120_000,
      sections: { reading: { readsRequired: 2, committeeScoreGap: 3, assignments: [{ by: 'roundRobin', readers: [ANN, BOB] }] } },
    },
  );
  await submitted('Ada', 'Zola');
  await submitted('Grace', 'Young');
  [ann, bob] = await Promise.all([signedInStaff(stack.url, ANN, 'reader'), signedInStaff(stack.url, BOB, 'reader')]);
}, 400_000);

afterAll(() => stack?.stop());

describe('a reader works through an assigned blind queue', () => {
  it('Read next checks out the oldest; the other reader is offered only the other one; a review takes it out of the queue; the second reader sees nothing of the first review', async () => {
    const annPage = await sessionContext(browser(), ann, { url: stack.url, viewport: DESKTOP });
    const bobPage = await sessionContext(browser(), bob, { url: stack.url, viewport: DESKTOP });
    try {
      const page = annPage.page;
      await page.goto('/staff/queue');
      await appRunning(page);
      await page.getByRole('heading', { level: 1, name: 'Reading queue' }).waitFor();
      await page.getByRole('cell', { name: names.first }).waitFor();
      await expectAccessible(page, 'the reading queue with two assigned');

      await press(page.getByRole('button', { name: 'Read next' }), 'Enter');
      await page.getByRole('heading', { level: 1, name: names.first }).waitFor();
      const checkout = page.getByRole('region', { name: 'Checkout' });
      await checkout.getByText(/^Checked out to you until/).waitFor();
      await expectAccessible(page, 'the application checked out');

      // Bob is offered only the one Ann does not hold.
      await bobPage.page.goto('/staff/queue');
      await bobPage.page.getByRole('cell', { name: names.second }).waitFor();
      expect(await bobPage.page.getByRole('cell', { name: names.first }).count()).toBe(0);
      await expectAccessible(bobPage.page, 'the queue without the application another reader holds');

      // Ann reviews with the keyboard.
      for (const criterion of policies.reviewRubric) await press(page.getByRole('group', { name: criterion.label }).getByRole('radio', { name: '5' }), 'Space');
      await press(page.getByRole('group', { name: 'Recommendation' }).getByRole('radio', { name: 'Admit' }), 'Space');
      await page.getByLabel('Notes (optional)').focus();
      await page.keyboard.type(annNotes);
      await press(page.getByRole('button', { name: 'Save review' }), 'Enter');
      await expect.poll(() => focusedText(page), SETTLE).toBe('Your review has been saved.');
      await expectAccessible(page, 'a saved review');

      // Back to her queue: the one she read is gone.
      await page.goto('/staff/queue');
      await page.getByRole('cell', { name: names.second }).waitFor();
      expect(await page.getByRole('cell', { name: names.first }).count()).toBe(0);
      await expectAccessible(page, 'the queue after a read');

      // Bob reads the first one now: free again, and nothing of Ann's review shows before his own.
      await bobPage.page.reload();
      await bobPage.page.getByRole('cell', { name: names.first }).waitFor();
      await press(bobPage.page.getByRole('button', { name: 'Read next' }), 'Enter');
      await bobPage.page.getByRole('heading', { level: 1, name: names.first }).waitFor();
      await bobPage.page.getByRole('button', { name: 'Save review' }).waitFor();
      expect(await bobPage.page.locator('main').innerText()).not.toContain(annNotes);
      await expectAccessible(bobPage.page, 'the second reader’s blind page');
    } finally {
      await annPage.context.close();
      await bobPage.context.close();
    }
  });
});

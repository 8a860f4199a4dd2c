import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectOpenAccessible, loggedInContext, SETTLE, useBrowser } from './browser';

const browser = useBrowser();

const answers = async (context: BrowserContext) => ((await (await context.request.get('/api/profile')).json()) as { answer: Record<string, string> }).answer;
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true }).first();

/** Two tabs of one signed-in applicant, both on About You with a saved first and last name. */
async function twoTabsOnAboutYou(tag: string) {
  const { context } = await loggedInContext(browser(), DESKTOP, tag);
  const seeded = await context.request.put('/api/answer', { data: { first_name: 'Ada', last_name: 'Lovelace' } });
  expect(seeded.status()).toBe(200);
  const [tabA, tabB] = [await context.newPage(), await context.newPage()];
  for (const tab of [tabA, tabB]) {
    await tab.goto('/about');
    await expect.poll(() => field(tab, 'Last Name').inputValue(), SETTLE).toBe('Lovelace');
  }
  return { context, tabA, tabB };
}

async function saveAndContinue(tab: Page): Promise<void> {
  await tab.getByRole('button', { name: 'Save and continue' }).first().click();
}

describe('two tabs of one applicant', () => {
  it("a save from one tab does not undo the other tab's saved change", async () => {
    const { context, tabA, tabB } = await twoTabsOnAboutYou('two-tabs');
    await field(tabB, 'Last Name').fill('King');
    await saveAndContinue(tabB);
    await tabB.waitForURL('**/education-ug');
    await field(tabA, 'First Name').fill('Augusta');
    await saveAndContinue(tabA);
    await tabA.waitForURL('**/education-ug');
    expect(await answers(context)).toEqual({ first_name: 'Augusta', last_name: 'King' });
    await context.close();
  });

  it('asks which value to keep when both tabs changed the same answer, and saves the chosen one', async () => {
    const { context, tabA, tabB } = await twoTabsOnAboutYou('two-tabs-conflict');
    await field(tabB, 'Last Name').fill('King');
    await saveAndContinue(tabB);
    await tabB.waitForURL('**/education-ug');
    await field(tabA, 'First Name').fill('Augusta');
    await field(tabA, 'Last Name').fill('Byron');
    await saveAndContinue(tabA);
    const dialog = tabA.getByRole('dialog', { name: 'Your answers were changed elsewhere' });
    const lastName = dialog.getByRole('group', { name: 'Last Name' });
    await lastName.waitFor();
    expect(await lastName.textContent()).toContain('Keep the answer on this page: Byron');
    expect(await lastName.textContent()).toContain('another device: King');
    // Nothing is written while the applicant decides.
    expect(await answers(context)).toEqual({ first_name: 'Ada', last_name: 'King' });
    await expectOpenAccessible(tabA, dialog, 'the question after a save met another tab');
    await lastName.getByRole('radio', { name: /Keep the answer on this page/ }).check();
    await dialog.getByRole('button', { name: 'Save my choices' }).click();
    await tabA.waitForURL('**/education-ug');
    expect(await answers(context)).toEqual({ first_name: 'Augusta', last_name: 'Byron' });
    await context.close();
  });
});

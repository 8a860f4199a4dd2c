/**
 * Every page's controls can be told apart and named: ids are unique (a label's `for` and an
 * error link's anchor reach one element) and every form control is reached by a label with
 * words in it. Axe checks each control has some name; this checks the name comes from its own
 * label, with every conditional part of each page shown.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, loggedInContext, newPage, useBrowser } from './browser';

const browser = useBrowser();

/** Answers that show every conditional part of the three pages. */
const everythingShown = {
  country: 'USA',
  mailing_addr_same_as_perm_addr: 'N',
  mailing_country: 'USA',
  parent_addr_same_as_perm_addr: 'N',
  parent_country: 'CAN',
  parent_2_addr_same_as_perm_addr: 'N',
  parent_2_country: 'USA',
  citizenship_type: 'NR',
  sat_taken: 'N',
  act_taken: 'N',
  conviction: 'Y',
  suspended: 'Y',
};

interface Findings {
  duplicateIds: string[];
  unlabelled: string[];
}

function findings(page: Page): Promise<Findings> {
  return page.evaluate(() => {
    const seen = new Map<string, number>();
    for (const el of document.querySelectorAll('[id]')) seen.set(el.id, (seen.get(el.id) ?? 0) + 1);
    const duplicateIds = [...seen].filter(([, n]) => n > 1).map(([id, n]) => `${id} ×${n}`);
    const controls = [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea')].filter(
      (el) => el.type !== 'hidden',
    );
    const unlabelled = controls
      .filter((el) => ![...(el.labels ?? [])].some((l) => (l.textContent ?? '').trim() !== ''))
      .map((el) => `${el.tagName.toLowerCase()}#${el.id || '(no id)'}[name=${el.getAttribute('name') ?? ''}]`);
    return { duplicateIds, unlabelled };
  });
}

describe('every control on every form page has a unique id and its own label', () => {
  it('on About You, Your Academics and Final Steps with every conditional part shown', async () => {
    const { context, page } = await loggedInContext(browser(), DESKTOP, 'labels');
    expect((await context.request.put('/api/answer', { data: everythingShown })).status()).toBe(200);
    for (const button_id of ['parents', 'activities']) {
      const num_components = button_id === 'parents' ? 2 : 4;
      expect((await context.request.put('/api/add-another', { data: { button_id, num_components } })).status()).toBe(200);
    }

    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: '1. About You' }).waitFor();
    await page.getByRole('button', { name: 'Add a preferred name' }).click();
    await page.getByLabel('Preferred Name').waitFor();
    await page.getByText('Parent/Guardian 2', { exact: true }).waitFor();
    expect(await findings(page), 'About You').toEqual({ duplicateIds: [], unlabelled: [] });
    await expectAccessible(page, 'About You, everything shown');

    await page.getByRole('link', { name: '2. Your Academics' }).click();
    await page.getByRole('heading', { level: 1, name: '2. Your Academics' }).waitFor();
    await page.getByLabel('Activity 4').waitFor();
    expect(await findings(page), 'Your Academics').toEqual({ duplicateIds: [], unlabelled: [] });
    // The Month dropdowns are named by their own label, not left unnamed inside the fieldset.
    expect(await page.getByRole('combobox', { name: 'Month' }).count()).toBe(3);
    await expectAccessible(page, 'Your Academics, everything shown');

    await page.getByRole('link', { name: '3. Final Steps' }).click();
    await page.getByRole('heading', { level: 1, name: '3. Final Steps' }).waitFor();
    expect(await findings(page), 'Final Steps').toEqual({ duplicateIds: [], unlabelled: [] });
    await expectAccessible(page, 'Final Steps, everything shown');
    await context.close();
  });
});

describe('every control on the sign-in screens has a unique id and its own label', () => {
  it.each(['/login', '/signup', '/confirm', '/forgot', '/reset?username=a%40example.com&id=abc'])('on %s', async (path) => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.goto(path);
    await page.locator('form button[type=submit]').first().waitFor();
    expect(await findings(page), path).toEqual({ duplicateIds: [], unlabelled: [] });
    await context.close();
  });
});

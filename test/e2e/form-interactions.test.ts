import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, expectOpenAccessible, loggedInContext, newPage, PHONE, SETTLE, useBrowser } from './browser';

const browser = useBrowser();

const getJson = async <T>(context: BrowserContext, path: string) => (await (await context.request.get(path)).json()) as T;
const radio = (page: Page, question: string, option: string) => page.getByRole('group', { name: question }).getByLabel(option, { exact: true });

describe('school lookup', () => {
  it('fills the school fields from a chosen suggestion of the dataset, and "Use:" clears them for manual entry', async () => {
    const { context, page } = await newPage(browser(), PHONE);
    await page.goto('/education-ug');
    const search = page.getByLabel('Search for Your School', { exact: true });
    await search.fill('Hamilton Magnet');
    const suggestion = page.getByRole('option', { name: 'Hamilton Magnet High School Austin, TX' });
    await suggestion.waitFor();
    // At most five suggestions, plus the typed entry.
    expect(await page.locator('[role=listbox]').getByRole('option').count()).toBeLessThanOrEqual(6);
    await expectOpenAccessible(page, page.getByRole('listbox'), 'the open school lookup');
    await suggestion.click();
    const city = page.getByLabel('School City');
    await expect.poll(() => city.inputValue(), SETTLE).toBe('Austin');
    expect(await page.getByLabel('School Address').inputValue()).toBe('854 School Drive');
    expect(await page.getByLabel('School ZIP/Postal Code').inputValue()).toBe('78701');
    // The record sets the country and the state together: the state survives its country's change.
    expect(await page.getByLabel('School Country').inputValue()).toBe('USA');
    expect(await page.getByLabel('School State/Province').inputValue()).toBe('TX');
    expect(await search.inputValue()).toBe('Hamilton Magnet High School');

    await search.fill('Nowhere Academy');
    await page.getByRole('option', { name: 'Use: Nowhere Academy' }).click();
    await page.getByText('Enter your school information below.').waitFor();
    expect(await city.inputValue()).toBe('');
    expect(await page.getByLabel('School Address').inputValue()).toBe('');
    await context.close();
  });
});

describe('conditional questions', () => {
  it('show the explanation only after "Yes", and clear it when the answer changes back', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.goto('/final-steps');
    const comment = page.getByLabel(/convicted of a felony\. Please explain\./);
    expect(await comment.count()).toBe(0);
    await radio(page, 'Have you been convicted of a felony?', 'Yes').check();
    await comment.fill('A long story.');
    await radio(page, 'Have you been convicted of a felony?', 'No').check();
    await comment.waitFor({ state: 'detached' });
    await radio(page, 'Have you been convicted of a felony?', 'Yes').check();
    expect(await comment.inputValue()).toBe('');
    await context.close();
  });
});

describe('tabs and add-another for an applicant', () => {
  it('save the chosen tab, and add activity blocks up to the maximum', async () => {
    const { context, page } = await loggedInContext(browser(), DESKTOP, 'tabs');
    await page.goto('/education-ug');
    const counselorTab = page.getByRole('tab', { name: 'My counselor will send it' });
    await counselorTab.click();
    await page.getByText('Please ask your school counselor to send your transcript').waitFor();
    await expect.poll(async () => (await getJson<Record<string, string>>(context, '/api/tabs')).transcript_source, SETTLE).toBe('counselor');
    await page.reload();
    await page.getByText('Please ask your school counselor to send your transcript').waitFor();
    expect(await counselorTab.getAttribute('aria-selected')).toBe('true');

    const add = page.getByRole('button', { name: 'Add Another Activity' });
    const activities = page.getByLabel(/^Activity/);
    expect(await activities.count()).toBe(1);
    for (let n = 2; n <= 4; n++) {
      await add.click();
      await expect.poll(() => activities.count(), SETTLE).toBe(n);
      // The keyboard is in the new block's field, ready to type.
      await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.id), SETTLE).toBe(`activity_${n}_name`);
    }
    // The maximum (4) is reached: no more button.
    await add.waitFor({ state: 'detached' });
    await expect.poll(async () => (await getJson<Record<string, number>>(context, '/api/add-another')).activities, SETTLE).toBe(4);
    await context.close();
  });

  it('tell the applicant when another block cannot be added', async () => {
    const { context, page } = await loggedInContext(browser(), PHONE, 'add-fails');
    await page.goto('/education-ug');
    await page.route('**/api/add-another', (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }) : route.fallback(),
    );
    await page.getByRole('button', { name: 'Add Another Activity' }).click();
    await page.getByRole('alert').filter({ hasText: 'Error adding another Activity' }).waitFor();
    expect(await page.getByLabel(/^Activity/).count()).toBe(1);
    await context.close();
  });
});

describe('modal sizes', () => {
  it('size the Help dialog (s) by breakpoint: 60rem wide, 70vw up to 900 px, the screen less margins on phones', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.goto('/about');
    await page.getByRole('button', { name: 'Help' }).click();
    const dialog = page.getByRole('dialog', { name: 'Help' });
    await dialog.waitFor();
    const width = async () => Math.round((await dialog.boundingBox())!.width);
    expect(await width()).toBe(60 * 16);
    await page.setViewportSize({ width: 800, height: 900 });
    expect(await width()).toBe(Math.round(800 * 0.7));
    await page.setViewportSize(PHONE);
    expect(await width()).toBe(PHONE.width - 32);
    await expectOpenAccessible(page, dialog, 'the Help dialog on a phone');
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });
});

describe('last page', () => {
  it('records the page an applicant opens right after their first login, and resumes there', async () => {
    const { context, page } = await loggedInContext(browser(), DESKTOP, 'last-page');
    // No status yet: the app starts the application, and the page already open counts as visited.
    await page.goto('/education-ug');
    await expect.poll(async () => (await getJson<{ last_page: string | null }>(context, '/api/profile')).last_page, SETTLE).toBe('/education-ug');
    await page.goto('/');
    await page.waitForURL('**/education-ug');
    await page.getByRole('heading', { level: 1, name: '2. Your Academics' }).waitFor();
    await context.close();
  });
});

describe('submit before the application has started on the server', () => {
  it('starts it first, then validates and shows what is missing', async () => {
    const { context, page } = await loggedInContext(browser(), DESKTOP, 'late-start');
    // The automatic "started" (and its two retries) never reach the server.
    let refused = 0;
    await page.route('**/api/web-status', (route) => (refused++ < 3 ? route.abort('connectionfailed') : route.continue()));
    await page.goto('/final-steps');
    await expect.poll(() => refused, SETTLE).toBeGreaterThanOrEqual(3);
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.waitForURL('**/about');
    await page.getByRole('alert').filter({ hasText: "We're missing some information!" }).waitFor();
    expect((await getJson<{ web_status: { web_status: string }[] }>(context, '/api/profile')).web_status.map((s) => s.web_status)).toEqual([
      'started',
      'validating',
    ]);
    await context.close();
  });
});

describe('moving between pages', () => {
  it('starts the next page at its top with focus on its heading, as a full page load would', async () => {
    const { context, page } = await loggedInContext(browser(), PHONE, 'page-focus');
    await page.goto('/about');
    const next = page.getByRole('button', { name: 'Save and continue' });
    await next.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await next.click();
    await page.waitForURL('**/education-ug');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''), SETTLE).toBe('2. Your Academics');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });
});

describe('answers typed since the last page change', () => {
  it('are saved by Log Out before the session ends', async () => {
    const { context, page } = await loggedInContext(browser(), PHONE, 'logout-save');
    await page.goto('/about');
    await page.getByLabel('First Name', { exact: true }).first().fill('Saved On Logout');
    const profile = await getJson<{ answer: Record<string, string> }>(context, '/api/profile');
    expect(profile.answer.first_name).toBeUndefined();
    await page.getByRole('button', { name: 'Account' }).click();
    // Read the answers with the session before it ends: the logout request follows the save.
    const saved = page.waitForRequest((r) => r.url().endsWith('/api/answer') && r.method() === 'PUT');
    await page.getByRole('button', { name: 'Log Out' }).click();
    expect(JSON.parse((await saved).postData() ?? '{}')).toMatchObject({ first_name: 'Saved On Logout' });
    await page.waitForURL('**/login');
    await context.close();
  });

  it('make leaving the page ask first', async () => {
    const { context, page } = await loggedInContext(browser(), PHONE, 'leave-warning');
    await page.goto('/about');
    await page.getByLabel('First Name', { exact: true }).first().fill('Not Yet Saved');
    const dialog = new Promise<string>((resolve) => page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.type()))));
    await page.close({ runBeforeUnload: true });
    expect(await dialog).toBe('beforeunload');
    await context.close();
  });
});

describe('the keyboard stays where the applicant is', () => {
  it('Escape closes the account menu back onto its button', async () => {
    const { context, page } = await loggedInContext(browser(), PHONE, 'menu-escape');
    await page.goto('/about');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Log Out' }).focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Account');
    expect(await page.getByRole('button', { name: 'Log Out' }).isVisible()).toBe(false);
    await context.close();
  });
});

/**
 * The browser's console stays silent across the main journey (issue 28): no error, no warning
 * (React Router's among them), no uncaught exception, from the first page a visitor opens to
 * the status page after submitting. The prerendered landing pages (the sign-in cards, the staff
 * sign-in) have their own check (prerendered.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { completeApplication } from '../support/answers';
import { consoleProblems, DESKTOP, loggedInContext, newPage, useBrowser } from './browser';

const browser = useBrowser();

describe('the console across the main journey', () => {
  it('stays silent for a visitor: the form pages, an unknown path and the favicon', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    const problems = consoleProblems(page);
    for (const [path, heading] of [
      ['/about', '1. About You'],
      ['/education-ug', '2. Your Academics'],
      ['/final-steps', '3. Final Steps'],
      ['/no/such/place', '1. About You'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.waitForLoadState('networkidle');
    }
    // The institution's favicon, where the page links it (its configured file, hashed under /brand/).
    const href = await page.locator('link[rel="icon"]').first().getAttribute('href');
    expect(href).toMatch(/^\/brand\//);
    const favicon = await page.request.get(href!);
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()['content-type']).toBe(globalThis.__INSTITUTION__.brand.favicon.mediaType);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('stays silent for an applicant from the first page through the review and submit to the status page', async () => {
    const { context, page } = await loggedInContext(browser(), DESKTOP, 'console');
    const problems = consoleProblems(page);
    // A complete application, so that Submit at the end goes through.
    expect((await page.request.put('/api/answer', { data: { ...completeApplication(), test_optional: 'N', test_optional_desc: 'No' } })).status()).toBe(200);
    expect((await page.request.put('/api/tabs', { data: { tab_id: 'transcript_source', chosen_tab: 'counselor' } })).status()).toBe(200);
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: '1. About You' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Application pages' });
    for (const [link, heading] of [
      ['2. Your Academics', '2. Your Academics'],
      ['3. Final Steps', '3. Final Steps'],
      ['Review your answers', 'Review your answers'],
    ] as const) {
      await nav.getByRole('link', { name: link }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
    await page.getByRole('link', { name: 'Change First Name' }).click();
    await page.getByRole('button', { name: 'Save and return to review' }).click();
    await page.getByRole('heading', { level: 1, name: 'Review your answers' }).waitFor();
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.waitForURL('**/completion');
    await page.getByRole('heading', { level: 1, name: 'Application received' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    await context.close();
  });
});

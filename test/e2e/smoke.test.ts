import { describe, expect, it } from 'vitest';
import { DESKTOP, expectAccessible, newPage, PHONE, SHOTS, useBrowser } from './browser';

const browser = useBrowser();

// The prerendered routes (/about, the account cards, …) pass axe at both widths once hydrated in
// prerendered.test.ts; these are the routes the build does not prerender.
describe('every route renders accessibly for a visitor', () => {
  for (const [route, heading] of [
    ['/education-ug', '2. Your Academics'],
    ['/final-steps', '3. Final Steps'],
    ['/reset?username=a%40example.com&id=abc', 'Reset Password'],
  ] as const) {
    it(`${route} shows "${heading}" with no axe violations`, async () => {
      for (const viewport of [PHONE, DESKTOP]) {
        const { context, page } = await newPage(browser(), viewport);
        await page.goto(route);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await expectAccessible(page, `${route} at ${viewport.width}px`);
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/${route.split('?')[0]!.slice(1)}-${viewport.width}.png`, fullPage: true });
        await context.close();
      }
    });
  }

  it('sends unknown paths to /about keeping the query string', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/no/such/place?token=');
    await page.waitForURL('**/about?token=');
    expect(new URL(page.url()).search).toBe('?token=');
    await context.close();
  });

  it('sends a visitor who opens /completion to /about', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/completion');
    await page.waitForURL('**/about');
    await context.close();
  });

  it('pre-fills the reset card from the query', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/reset?username=ada%40example.com&id=xyz');
    // The prerendered card paints empty; the app fills it in from the query once it runs.
    await expect.poll(() => page.getByLabel('Email').inputValue()).toBe('ada@example.com');
    expect(await page.getByLabel('Reset code').inputValue()).toBe('xyz');
    await context.close();
  });
});

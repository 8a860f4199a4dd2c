/**
 * What applicants tripped over, as they meet it in Chromium: the address lookup wiping the country
 * above it, a half-typed date of birth called "missing", an old temporary-answers link ending on
 * the generic error screen.
 */
import { describe, expect, it } from 'vitest';
import { appRunning, DESKTOP, expectAccessible, newPage, SETTLE, useBrowser } from './browser';

const browser = useBrowser();

describe('the address lookup', () => {
  it('keeps the country chosen above it when "Use: …" is chosen or the box is cleared', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.goto('/about');
    // The suggestions ("Use: …") are the app's: text typed into the prerendered HTML is handed
    // over, but the list opens on the next keystroke, so this trip starts once the app runs
    // (a loaded CI machine typed before hydration and waited for a list that never opened).
    await appRunning(page);
    const country = page.getByLabel('Country', { exact: true });
    await country.selectOption('CAN');
    await page.getByLabel('State/Province', { exact: true }).selectOption('ON');
    const line = page.getByRole('combobox', { name: 'Address' });
    await line.fill('12 Elm Road');
    await page.getByRole('option', { name: 'Use: 12 Elm Road' }).click();
    await page.getByText('Enter the rest of your address below.').waitFor();
    expect(await country.inputValue()).toBe('CAN');
    expect(await page.getByLabel('State/Province', { exact: true }).inputValue()).toBe('ON');

    await line.fill('');
    expect(await country.inputValue()).toBe('CAN');
    expect(await page.getByLabel('State/Province', { exact: true }).inputValue()).toBe('ON');
    await context.close();
  });
});

describe('a date of birth the browser cannot read', () => {
  it('says a valid date is required when left half-typed', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    // The app must be running: a half-typed date has no value to hand over from the prerendered
    // page, so a blur before hydration is one the app never sees (typed text and choices are handed over).
    await page.goto('/about', { waitUntil: 'networkidle' });
    const date = page.getByLabel('Date of Birth');
    await date.click();
    // Chromium fills the month segment only: the input's value stays empty, validity.badInput is set.
    await page.keyboard.type('05');
    await page.getByLabel('Middle Name').click();
    await page.getByText('A valid date of birth is required.').waitFor(SETTLE);
    expect(await date.getAttribute('aria-invalid')).toBe('true');
    await context.close();
  });
});

describe('a temporary-answers link that has expired', () => {
  it('says so and what to do, accessibly', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.goto(`/about?token=${'x'.repeat(43)}`);
    await page.getByRole('heading', { level: 1, name: 'This link has expired' }).waitFor();
    expect(await page.getByText('Something went wrong.').count()).toBe(0);
    await expectAccessible(page, 'the expired-link page');
    await page.getByRole('link', { name: 'start a new application' }).click();
    await page.getByRole('heading', { level: 1, name: '1. About You' }).waitFor();
    await context.close();
  });
});

/**
 * Issue 41, "Done when": an applicant who reads Spanish signs up, is refused by the server in
 * Spanish, fills the three pages under their Spanish names, submits, receives the confirmation
 * e-mail in Spanish and downloads the PDF in Spanish. Labels are found through the catalog (the model's English text names
 * each word's id), so the test follows the translators' words rather than copying them.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formTextId } from '#form/i18n/form-words';
import esCatalog from '../../form/i18n/catalogs/es.json';
import { pdfText } from '../fixtures/pdf-text';
import { baseUrl, DESKTOP, expectAccessible, latestMail, newPage, PASSWORD, uniqueEmail, useBrowser } from './browser';

const browser = useBrowser();
const es = esCatalog as Record<string, string>;

/** A catalog word in Spanish, by id; a missing one fails here, naming it. */
function word(id: string): string {
  const text = es[id];
  if (!text) throw new Error(`no Spanish for ${id}`);
  return text;
}
/** A word of the form model in Spanish, by its English text. */
const say = (english: string) => word(formTextId(english));

async function radio(page: Page, question: string, option: string) {
  await page
    .getByRole('group', { name: say(question) })
    .getByLabel(say(option), { exact: true })
    .check();
}

async function fillPages(page: Page) {
  await page.getByLabel(say('First Name'), { exact: true }).first().fill('Ana');
  await page.getByLabel(say('Last Name'), { exact: true }).first().fill('Quintero');
  await page.getByLabel(say('Date of Birth'), { exact: true }).fill('2007-12-10');
  await radio(page, 'Gender', 'Female');
  // "Celular" also names a parent's phone type (a radio): the field is the text box.
  await page.getByRole('textbox', { name: say('Cell Phone'), exact: true }).fill('2125550123');
  await page.getByRole('textbox', { name: say('Emergency Contact Phone'), exact: true }).fill('2125550199');
  await page.getByLabel(say('Country'), { exact: true }).first().selectOption('USA');
  await page.getByLabel(say('Address'), { exact: true }).fill('1 Main Street');
  await page.getByLabel(say('City'), { exact: true }).first().fill('New York');
  await page.getByLabel(say('State/Province')).first().selectOption('NY');
  await page.getByLabel(say('ZIP/Postal Code')).first().fill('10001');
  await radio(page, 'Citizen Type', 'U.S. Citizen or U.S. National');

  await page.getByRole('link', { name: `2. ${say('Your Academics')}` }).click();
  await page.waitForURL('**/education-ug');
  await page.getByLabel(say('When do you plan to enroll?')).selectOption({ index: 1 });
  await page.getByLabel(say('What are you interested in studying?')).selectOption({ index: 1 });
  await page.getByLabel(say('Search for Your School'), { exact: true }).fill('Nowhere Academy');
  await page.getByRole('option', { name: word('form.ui.useTyped').replace('{text}', 'Nowhere Academy') }).click();
  await page.getByText(say('Enter your school information below.')).waitFor();
  await page
    .getByRole('group', { name: word('form.t.do_you_want_standardized_test_scores_act_sat_to_4mt365') })
    .getByLabel(say('No'), { exact: true })
    .check();

  await page.getByRole('link', { name: `3. ${say('Final Steps')}` }).click();
  await page.waitForURL('**/final-steps');
  await radio(page, 'Have you been convicted of a felony?', 'No');
  await radio(page, 'Have you been suspended from any school?', 'No');
  await page
    .getByRole('group', { name: word('form.t.i_waive_my_right_to_review_or_access_letters_1uqjgxu') })
    .getByLabel(say('Yes'), { exact: true })
    .check();
  await page.getByLabel(word('form.t.i_certify_that_the_information_on_this_13ocub5')).check();
}

describe('a Spanish applicant', () => {
  it('signs up, meets the server in Spanish, submits, gets the e-mail in Spanish and the PDF', { timeout: 240_000 }, async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    page.setDefaultTimeout(20_000);
    await context.addCookies([{ name: 'language', value: 'es', url: baseUrl() }]);
    const email = uniqueEmail('espanol');

    await page.goto('/signup');
    await page.getByLabel(word('auth.email')).fill(email);
    await page.getByLabel(word('auth.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: word('signup.submit') }).click();
    await page.waitForURL('**/confirm');
    const code = await latestMail(email);
    await page.getByLabel(word('confirm.code')).fill(code.code ?? '');
    await page.getByRole('button', { name: word('auth.submit'), exact: true }).click();
    await page.waitForURL('**/login');

    // The server's refusal, in Spanish.
    await page.getByLabel(word('auth.email')).fill(email);
    await page.getByLabel(word('auth.password'), { exact: true }).fill(`${PASSWORD}x`);
    await page.getByRole('button', { name: word('login.submit') }).click();
    await page.getByText(word('server.account.loginFailed')).first().waitFor();
    await expectAccessible(page, '/login in Spanish with the server’s refusal');
    await page.getByLabel(word('auth.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: word('login.submit') }).click();
    await page.waitForURL('**/about');
    await page.getByRole('heading', { level: 1, name: `1. ${say('About You')}` }).waitFor();

    await fillPages(page);
    await page.getByRole('button', { name: word('form.ui.submit') }).click();
    await page.waitForURL('**/completion');
    await page.getByText(word('server.submit.done')).waitFor();
    await expectAccessible(page, '/completion in Spanish');

    // The confirmation e-mail, in Spanish.
    const mails = (await (await fetch(`${baseUrl()}/_dev/mail.json`)).json()) as Array<{ to: string; subject: string; text: string }>;
    const confirmation = mails.filter((m) => m.to === email).at(-1)!;
    // "{institution}: solicitud recibida ({reference})": the words between the values.
    expect(confirmation.subject).toContain(/: ([^(]+) \(/.exec(word('mail.confirmation.subject'))![1]);
    expect(confirmation.text.split('\n')[0]).toBe(word('mail.confirmation.body').split('\n')[0]!.replace('{first_name}', 'Ana'));

    // The PDF arrives in Spanish (the applicant's copy; the office's stays English: test/integration/pdf-languages.test.ts).
    const download = page.getByRole('link', { name: word('status.pdf.download') });
    await download.waitFor({ timeout: 45_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const { text } = await pdfText(new Uint8Array(await readFile(await file.path())));
    expect(text).toContain('Quintero');
    expect(text).toContain(say('About You'));
    expect(text).toContain(say('Your Academics'));
    expect(text).toContain(say('First Name'));
    expect(text).not.toContain('About You');
    await context.close();
  });
});

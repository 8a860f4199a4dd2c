/**
 * The second example institution, end to end in real Chromium: a stack started with
 * INSTITUTION_CONFIG=institutions/northbay/institution.yaml serving a web build made for it, and
 * an applicant who signs up, fills in, submits, downloads the PDF, and reads the decision letter
 * an admin released. Everywhere the applicant or the office looks (every file of the web build,
 * the pages, the e-mails in the dev outbox, the application PDF and the letter) there is the
 * second institution's brand and no word of the sample's: its name, abbreviation, colours,
 * majors, contacts or signature. And its three statement pages pass axe.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { palette } from '#config/brand';
import { loadInstitution, SAMPLE_INSTITUTION, type LoadedInstitution } from '#config/load';
import { termLabelIn } from '#form/terms';
import type { InstitutionSections } from '#form/types';
import type { ApplicantDecision } from '#form/wire/decisions';
import { pdfText } from '../fixtures/pdf-text';
import { completeApplication } from '../support/answers';
import { startChildStack, type ChildStack } from '../support/child-stack';
import { outbox } from '../support/client';
import { signedInStaff } from '../support/staff';
import { testInstitutionFile } from '../support/test-timetable';
import { buildWeb } from '../support/web-build';
import { appRunning, DESKTOP, expectAccessible, sessionContext, SETTLE, signUpAndLogIn, uniqueEmail, uniqueLetters, useBrowser } from './browser';

const ROOT = resolve(import.meta.dirname, '..', '..');
// Its file on today's test timetable, as the sample's is for every other test (test-timetable.ts).
const NORTHBAY = testInstitutionFile(join(ROOT, 'institutions', 'northbay', 'institution.yaml'));
import { usesOwnStack } from './stack-lease';

// A stack of its own (started below): it leases none of the project's.
usesOwnStack();
const browser = useBrowser();

let stack: ChildStack;
let webDir: string;
let northbay: LoadedInstitution;
let sampleWords: RegExp[];

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * What would betray the sample institution: its name, abbreviation, contacts, address, sender and
 * signatures, every major and concentration, and every colour of its palette. But for two major
 * labels that are the form's own words too (an ACT English score; a test date "Undecided").
 */
function wordsOf(s: InstitutionSections): RegExp[] {
  const FORM_OWN_WORDS = ['English', 'Undecided'];
  const phrases = [
    s.identity.name,
    s.identity.helpEmail,
    s.identity.phone,
    s.identity.website,
    ...s.identity.address.lines,
    s.identity.address.city,
    s.mail.senderName,
    ...s.mail.signature.split('\n'),
    s.decisions.signature.name,
    s.statements.accessibility.contact,
    s.statements.privacy.contact,
    ...s.application.majors.flatMap((m) => [m.label, ...(m.concentrations ?? []).map((c) => c.label)]).filter((l) => !FORM_OWN_WORDS.includes(l)),
  ];
  return [
    new RegExp(`\\b${escaped(s.identity.abbreviation)}\\b`),
    ...phrases.map((p) => new RegExp(`(?<![\\w-])${escaped(p)}(?![\\w-])`)),
    ...Object.values(palette(s.brand.colors)).map((c) => new RegExp(escaped(c), 'i')),
  ];
}

/** The sample's words found in `text`, as what was found. */
const sampleIn = (text: string): string[] =>
  sampleWords.filter((w) => w.test(text)).map((w) => `${w.source} in …${text.slice(Math.max(0, text.search(w) - 40), text.search(w) + 60)}…`);

/** Whether the first page of a PDF paints an image (the PNG logo). */
async function firstPageHasImage(bytes: Uint8Array): Promise<boolean> {
  const doc = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const { fnArray } = await (await doc.getPage(1)).getOperatorList();
  await doc.destroy();
  return fnArray.includes(OPS.paintImageXObject) || fnArray.includes(OPS.paintInlineImageXObject);
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The page's visible text. */
const textOf = (page: Page) => page.evaluate(() => document.body.innerText);

beforeAll(async () => {
  northbay = loadInstitution(NORTHBAY);
  sampleWords = wordsOf(loadInstitution(SAMPLE_INSTITUTION).sections);
  webDir = mkdtempSync(join(tmpdir(), 'northbay-web-'));
  await buildWeb(NORTHBAY, webDir);
  stack = await startChildStack({
    env: { INSTITUTION_CONFIG: NORTHBAY, WEB_DIR: webDir, PRINT_ROOT_TIMEOUT_MS: '20000', PRINT_READY_TIMEOUT_MS: '30000' },
    startTimeoutMs: 120_000,
  });
}, 400_000);

afterAll(async () => {
  await stack?.stop();
  if (webDir) rmSync(webDir, { recursive: true, force: true });
});

describe('the second example institution, from a fresh build', () => {
  it('has no word of the sample institution in any file of its web build, and its own logo, favicon and palette', () => {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.(html|js|css|json|svg|webmanifest)$/.test(name))
          found.push(...sampleIn(readFileSync(path, 'utf8')).map((f) => `${path.slice(webDir.length)}: ${f}`));
      }
    };
    walk(webDir);
    expect(found).toEqual([]);
    const brand = readdirSync(join(webDir, 'brand')).sort();
    expect(brand).toEqual([northbay.assets.favicon.fileName, northbay.assets.logo.fileName].sort());
    const about = readFileSync(join(webDir, 'about.html'), 'utf8');
    expect(about).toContain(`<meta name="theme-color" content="${northbay.sections.brand.colors.primary}">`);
    expect(about).toContain(`--primary:${northbay.sections.brand.colors.primary}`);
    expect(about).toContain(`<img class="site-header__logo" src="/brand/${northbay.assets.logo.fileName}" alt="Northbay Polytechnic Institute"`);
  });

  it('signs up, fills in with its majors and quarter terms, submits, prints its PDF, and reads its released letter, with no word of the sample anywhere', async () => {
    const email = uniqueEmail('northbay');
    const lastName = `Tideland${uniqueLetters(5)}`;
    const context: BrowserContext = await browser().newContext({ baseURL: stack.url, viewport: DESKTOP, acceptDownloads: true });
    const page = await context.newPage();
    const seen: string[] = [];
    const look = async (where: string) => seen.push(...sampleIn(await textOf(page)).map((f) => `${where}: ${f}`));

    // Sign up and in through the pages, the code from the dev outbox.
    await signUpAndLogIn(page, email, stack.url);
    await appRunning(page);
    expect(await page.getByRole('img', { name: 'Northbay Polytechnic Institute' }).first().getAttribute('src')).toBe(northbay.sections.brand.logo.src);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.site-header')!).backgroundColor)).toBe('rgb(11, 83, 69)');
    await page.getByRole('heading', { name: "You're in!" }).waitFor();
    await look('/about');

    // Most answers through the API the pages save with; the institution's own choices through the page.
    const { entry_term: _t, entry_term_desc: _td, applied_major: _m, applied_major_desc: _md, ...rest } = completeApplication();
    const answers = { ...rest, last_name: lastName, city: 'Tacoma', state: 'WA', state_desc: 'Washington', zip: '98402', hs_name: 'Tacoma Harbor High School' };
    expect((await page.request.put('/api/answer', { data: answers })).status()).toBe(200);
    await page.reload();
    await page.getByRole('link', { name: '2. Your Academics' }).click();
    await page.waitForURL('**/education-ug');
    const major = page.getByLabel('What are you interested in studying?');
    await major.waitFor();
    const offered = (await major.locator('option').allTextContents()).filter((o) => o.trim() && !/^select/i.test(o));
    expect(offered).toEqual(northbay.sections.application.majors.map((m) => m.label));
    // The current cycle's entry terms (the tests' timetable: its first cycle), in the file's words.
    const terms = northbay.sections.cycles[0]!.entryTerms.map((code) => termLabelIn(northbay.sections.application.entryTerms, code));
    const term = page.getByLabel('When do you plan to enroll?');
    expect((await term.locator('option').allTextContents()).filter((o) => / Quarter \d{4}$/.test(o))).toEqual(terms);
    await term.selectOption({ label: terms[1]! });
    await major.selectOption({ label: 'Ocean Sciences' });
    await look('/education-ug');
    await page.getByRole('link', { name: '3. Final Steps' }).click();
    await page.waitForURL('**/final-steps');
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.waitForURL('**/completion');
    await page.getByText(northbay.sections.afterSubmission.nextSteps).waitFor();
    await page.getByText('Secondary school transcript').first().waitFor();

    // The application PDF: the second institution's name and the applicant's choices, its logo on the first page.
    await page.getByRole('link', { name: 'Download my application (PDF)' }).waitFor({ timeout: 180_000 });
    await look('/completion');
    const signed = ((await (await page.request.get('/api/pdf')).json()) as { url: string }).url;
    const pdf = new Uint8Array(await (await fetch(signed)).arrayBuffer());
    const printed = await pdfText(pdf);
    expect(printed.text).toContain('Northbay Polytechnic Institute: Undergraduate Application');
    expect(printed.text).toContain('Ocean Sciences');
    expect(printed.text).toContain(terms[1]!);
    expect(sampleIn(printed.text)).toEqual([]);
    expect(await firstPageHasImage(pdf)).toBe(true);

    // The office: an admin decides and releases; the console wears the second institution's brand.
    const admin = await signedInStaff(stack.url, undefined, 'admin');
    const list = await admin.get<{ items: { id: string }[] }>(`/staff/api/applications?q=${lastName}`);
    const id = list.body.items[0]!.id;
    expect((await admin.put(`/staff/api/applications/${id}/decision`, { decision: 'admit' })).status).toBe(200);
    const office = await sessionContext(browser(), admin, { url: stack.url });
    await office.page.goto(`/staff/applications/${id}`);
    await office.page.getByRole('heading', { level: 1 }).waitFor();
    await office.page.getByText('Ocean Sciences').first().waitFor();
    expect(await office.page.getByRole('img', { name: 'Northbay Polytechnic Institute' }).count()).toBe(1);
    seen.push(...sampleIn(await textOf(office.page)).map((f) => `console: ${f}`));
    await office.context.close();
    expect((await admin.post('/staff/api/releases', { ids: [id] })).status).toBeLessThan(300);

    // The applicant reads the letter on the status page, then its PDF with the letterhead's logo and the signature block.
    await until(
      'the release',
      async () => ((await (await page.request.get('/api/decision')).json()) as ApplicantDecision).status,
      (s) => s === 'released',
    );
    await page.goto('/completion');
    await page.getByRole('heading', { name: 'Welcome to Northbay!' }).waitFor(SETTLE);
    await page.getByText(`You are admitted to Northbay Polytechnic Institute for ${terms[1]!}, in Ocean Sciences.`).waitFor();
    await look('/completion with the decision');
    const letterBytes = await until(
      'the letter PDF',
      async () => {
        const res = await page.request.get('/api/decision/letter/download');
        return res.ok() && (res.headers()['content-type'] ?? '').includes('pdf') ? new Uint8Array(await res.body()) : undefined;
      },
      (bytes) => bytes !== undefined,
      180_000,
    );
    const letter = await pdfText(letterBytes!);
    expect(letter.text).toContain('Welcome to Northbay!');
    expect(letter.text).toMatch(/With warm regards,\s+Priya Raman\s+Director of Undergraduate Admission\s+Northbay Polytechnic Institute/);
    expect(letter.text).toContain('Harbor Hall');
    expect(sampleIn(letter.text)).toEqual([]);
    expect(await firstPageHasImage(letterBytes!)).toBe(true);

    // Every e-mail of this stack: the second institution's sender and signature, no word of the sample.
    const mails = await outbox(stack.url);
    const mine = mails.filter((m) => m.to === email);
    expect(mine.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Northbay Polytechnic Institute: application received/),
        'Northbay Polytechnic Institute: an update to your application',
      ]),
    );
    for (const m of mails) expect(m.from).toBe('Northbay Polytechnic Admission');
    const confirmation = mine.find((m) => m.subject.includes('application received'))!;
    expect(confirmation.text).toContain(northbay.sections.afterSubmission.nextSteps);
    // Its signature, then why it was sent (issue 40: transactional mail says why), in the institution's name.
    expect(confirmation.text.trimEnd()).toMatch(
      /Undergraduate Admission\nNorthbay Polytechnic Institute\n\nYou are receiving this because you submitted an application to Northbay Polytechnic Institute\./,
    );
    seen.push(...mails.flatMap((m) => sampleIn(`${m.from ?? ''}\n${m.subject}\n${m.text}\n${m.html ?? ''}`).map((f) => `mail "${m.subject}": ${f}`)));

    expect(seen).toEqual([]);
    await context.close();
  }, 600_000);

  it.each(['/accessibility', '/privacy', '/terms'])('%s is its own, prerendered, and passes axe', async (path) => {
    const context = await browser().newContext({ baseURL: stack.url, viewport: DESKTOP });
    const page = await context.newPage();
    const html = await (await fetch(`${stack.url}${path}`)).text();
    expect(html).toContain(`data-prerendered="${path}"`);
    expect(sampleIn(html)).toEqual([]);
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectAccessible(page, `${path} of the second institution`);
    const statements = northbay.sections.statements;
    const own = {
      '/accessibility': statements.accessibility.contact,
      '/privacy': statements.privacy.contact,
      '/terms': 'Northbay Polytechnic Institute runs this site',
    }[path]!;
    expect(await textOf(page)).toContain(own);
    await context.close();
  });
});

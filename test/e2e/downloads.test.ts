/**
 * Download links on a page that stays open: on a stack whose signed links live 3 seconds, the
 * applicant's "Download my application (PDF)" and the console's document link still download,
 * long after any link signed when the page opened has died, under names that say whose file it
 * is; and after signing out the same links answer the product's page, never S3's XML.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../fixtures/documents';
import { postToBucket, presign, waitForApplicationPdf, waitForConversion } from '../fixtures/upload';
import { completeApplication } from '../support/answers';
import { startChildStack, type ChildStack } from '../support/child-stack';
import { registeredApplicant, type ApiClient } from '../support/client';
import { signedInStaff } from '../support/staff';
import { expectAccessible, sessionContext, useBrowser } from './browser';

import { usesOwnStack } from './stack-lease';

// A stack of its own (started below): it leases none of the project's.
usesOwnStack();
const browser = useBrowser();
const LINK_SECONDS = 3;
/** Past the signed links' lifetime. */
const pastLifetime = () => new Promise((r) => setTimeout(r, (LINK_SECONDS + 2) * 1000));

let stack: ChildStack;
let applicant: ApiClient;
let reference: string;

beforeAll(async () => {
  // A stack of its own: the link lifetime is configuration, and the shared stack keeps the default.
  stack = await startChildStack({ env: { DOWNLOAD_URL_TTL_SECONDS: String(LINK_SECONDS) } });
  applicant = await registeredApplicant(stack.url);
  expect((await applicant.put('/api/answer', { ...completeApplication(), first_name: 'Grace', last_name: 'Hopper' })).status).toBe(200);
  const presigned = await presign(applicant, 'hs_transcript');
  expect(await postToBucket(presigned, await png(), 'transcript.png')).toBeLessThan(300);
  expect((await applicant.post('/api/pdf/document-answer/hs_transcript', { file_key: presigned.fields.key, file_name: 'transcript.png' })).status).toBe(200);
  // A fresh stack's first conversion starts its converter: allow for a busy machine.
  expect((await waitForConversion(applicant, 'hs_transcript', 90_000)).status).toBe('COMPLETED');
  expect((await applicant.post('/api/submit')).status).toBe(200);
  reference = (await applicant.get<{ reference: string }>('/api/profile')).body.reference ?? '';
  expect(reference).toMatch(/^[0-9A-Z]{8}$/);
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

/** A browser signed in with the client's session cookies. */
const signedInPage = (b: Browser, client: ApiClient) => sessionContext(b, client, { url: stack.url, acceptDownloads: true });

/** The product's page for a lost session: words, a way to sign in, nothing of S3's. */
async function expectSignedOutPage(page: Page, signIn: string) {
  await page.getByRole('heading', { level: 1, name: 'You are signed out' }).waitFor();
  expect(await page.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(signIn);
  expect(await page.content()).not.toMatch(/AccessDenied|<Error>|Request has expired/);
  await expectAccessible(page, 'the signed-out page of a download link');
}

describe('download links on a page left open', () => {
  it("the applicant's PDF link still downloads application-<reference>.pdf after the link lifetime, and answers the product's page after signing out", async () => {
    expect((await waitForApplicationPdf(applicant, 120_000)).status).toBe('COMPLETED');
    const { context, page } = await signedInPage(browser(), applicant);
    await page.goto('/completion');
    const link = page.getByRole('link', { name: 'Download my application (PDF)' });
    await link.waitFor({ timeout: 30_000 });
    // A link signed now (what the page used to hold) dies with the lifetime; the page's link does not.
    const signedThen = ((await (await page.request.get('/api/pdf')).json()) as { url: string }).url;
    expect((await fetch(signedThen)).status).toBe(200);
    await pastLifetime();
    const expired = await fetch(signedThen);
    expect(expired.status).toBe(403);

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`application-${reference}.pdf`);
    expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');

    // Signed out elsewhere (another tab): the link on this page answers a page in words.
    expect((await page.request.get('/api/logout')).status()).toBe(200);
    await link.click();
    await page.waitForURL('**/api/pdf/download');
    await expectSignedOutPage(page, '/login');
    await context.close();
  }, 180_000);

  it("the console's document link still downloads <reference>-high-school-transcript.pdf after the link lifetime, and answers the product's page after signing out", async () => {
    const staff = await signedInStaff(stack.url);
    const { context, page } = await signedInPage(browser(), staff);
    await page.goto(`/staff/applications/${applicant.subject}`);
    const link = page.getByRole('link', { name: 'PDF of transcript.png' });
    await link.waitFor({ timeout: 30_000 });
    await pastLifetime();

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(`${reference}-high-school-transcript.pdf`);
    expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');
    // The download is in the application's access record.
    const audit = (await (await page.request.get(`/staff/api/audit?application=${applicant.subject}`)).json()) as {
      items: Array<{ action: string; staff: string }>;
    };
    expect(audit.items).toContainEqual(expect.objectContaining({ action: 'download', staff: staff.email }));

    expect((await page.request.get('/staff/api/logout')).status()).toBe(200);
    await link.click();
    await page.waitForURL('**/documents/hs_transcript/download');
    await expectSignedOutPage(page, '/staff/login');
    await context.close();
  }, 90_000);
});

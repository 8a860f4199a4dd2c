import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { passwordPdf } from '../fixtures/documents';
import { DESKTOP, expectAccessible, expectOpenAccessible, loggedInContext, newPage, PHONE, SETTLE, shot, useBrowser } from './browser';

const browser = useBrowser();
let png: Buffer;
beforeAll(async () => {
  // Noise, so the file is a few kilobytes like a real scan (and its size prints in KB).
  const pixels = Buffer.from(Array.from({ length: 64 * 48 * 3 }, () => Math.floor(Math.random() * 256)));
  png = await sharp(pixels, { raw: { width: 64, height: 48, channels: 3 } })
    .png()
    .toBuffer();
});

const TRANSCRIPT = 'High School Transcript';
const transcriptInput = (page: Page) => page.locator('input[type=file]#hs_transcript');
const documents = async (context: BrowserContext) =>
  (await (await context.request.get('/api/document-answer')).json()) as Record<string, { file_name?: string; file_size?: number }>;
const conversion = async (context: BrowserContext) =>
  (await (await context.request.get('/api/pdf/document-answer/hs_transcript')).json()) as { status: string };

async function openAcademics(page: Page) {
  await page.goto('/education-ug');
  await page.getByRole('heading', { level: 1, name: '2. Your Academics' }).waitFor();
  await transcriptInput(page).waitFor();
}

/** Holds the conversion status answer until released, so the "converting" state can be observed. */
async function holdStatus(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route('**/api/pdf/document-answer/hs_transcript', async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    await released;
    await route.fallback();
  });
  return async () => {
    release();
    await page.unrouteAll({ behavior: 'wait' });
  };
}

describe('file questions for a visitor', () => {
  it('ask the visitor to create an account first', async () => {
    const { context, page } = await newPage(browser(), PHONE);
    await page.goto('/education-ug');
    await page.getByText('This question can be finished once you have created an account.').first().waitFor();
    expect(await page.locator('input[type=file]').count()).toBe(0);
    await context.close();
  });
});

describe('file questions for an applicant', () => {
  it('refuse files the rules reject before uploading, with every message that applies', async () => {
    const { context, page } = await loggedInContext(browser(), DESKTOP, 'file-rules');
    await openAcademics(page);
    const input = transcriptInput(page);
    await input.setInputFiles({ name: `${'a'.repeat(30)}.txt`, mimeType: 'text/plain', buffer: Buffer.alloc(0) });
    const errors = page.locator('#hs_transcript-error');
    await errors.waitFor();
    expect(await errors.locator('li').allTextContents()).toEqual([
      'Error: You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx',
      'Error: The name of your file is too long. File name can have a maximum of 32 characters, including the extension.',
      'Error: Your file is empty. Please upload a non-empty file.',
    ]);
    expect(await input.getAttribute('aria-describedby')).toContain('hs_transcript-error');
    await input.setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(1024 * 1024 + 1, 1) });
    await page.getByText('Your file is too large. The maximum file size is 1 MB.').waitFor();
    expect(await errors.locator('li').count()).toBe(1);
    // Nothing reached the server.
    expect(await documents(context)).toEqual({});
    await context.close();
  });

  it('upload a PNG, show it converting with controls disabled, then attached; delete only after confirming', async () => {
    const { context, page } = await loggedInContext(browser(), DESKTOP, 'upload');
    await openAcademics(page);
    const release = await holdStatus(page);
    await transcriptInput(page).setInputFiles({ name: 'transcript.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('status', { name: 'Uploading your file' }).waitFor();
    expect(await transcriptInput(page).isDisabled()).toBe(true);
    await expectAccessible(page, 'a file converting');
    await shot(page, 'upload-converting-1280');

    // Leaving the tab while the file converts is refused.
    await page.getByRole('tab', { name: 'My counselor will send it' }).click();
    const guard = page.getByRole('dialog', { name: 'File Upload in Progress' });
    await guard.getByText('Please wait until the file upload has completed.').waitFor();
    await expectOpenAccessible(page, guard, 'the File Upload in Progress dialog');
    await guard.getByRole('button', { name: 'OK' }).click();
    await guard.waitFor({ state: 'hidden' });
    expect(await page.getByRole('tab', { name: 'Upload my transcript' }).getAttribute('aria-selected')).toBe('true');

    await release();
    await page.getByRole('strong').filter({ hasText: 'transcript.png' }).waitFor({ timeout: 20_000 });
    expect(png.length).toBeGreaterThan(1024);
    await page.getByText(`transcript.png (${(png.length / 1024).toFixed(1)} KB)`).waitFor();
    expect((await documents(context)).hs_transcript?.file_name).toBe('transcript.png');
    expect((await conversion(context)).status).toBe('COMPLETED');
    await expectAccessible(page, 'an attached file');
    await shot(page, 'upload-attached-1280');

    const del = page.getByRole('button', { name: 'Delete transcript.png' });
    await del.click();
    const confirm = page.getByRole('dialog', { name: 'Delete file' });
    await confirm.getByText('Are you sure you want to delete your file?').waitFor();
    await expectOpenAccessible(page, confirm, 'the delete confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect((await documents(context)).hs_transcript?.file_name).toBe('transcript.png');

    await del.click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await transcriptInput(page).waitFor();
    expect((await documents(context)).hs_transcript).toBeUndefined();
    expect((await conversion(context)).status).toBe('NOT_ANSWERED');
    await context.close();
  });

  it("keep the keyboard on the question: from the file input to the attached file's Delete", async () => {
    const { context, page } = await loggedInContext(browser(), PHONE, 'upload-focus');
    await openAcademics(page);
    await transcriptInput(page).focus();
    await transcriptInput(page).setInputFiles({ name: 'transcript.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('strong').filter({ hasText: 'transcript.png' }).waitFor({ timeout: 20_000 });
    // The input was disabled while converting and is gone now; focus did not fall to the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), SETTLE).toBe('Delete transcript.png');
    await context.close();
  });

  it('tell the applicant when a file cannot be converted, and why, and let them try again', async () => {
    const { context, page } = await loggedInContext(browser(), PHONE, 'bad-file');
    await openAcademics(page);
    await transcriptInput(page).setInputFiles({ name: 'transcript.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await passwordPdf()) });
    const toast = page.getByRole('alert').filter({ hasText: `Error uploading file for ${TRANSCRIPT}` });
    await toast.waitFor({ timeout: 20_000 });
    // The server's reason, at the field, so the applicant fixes the file rather than sending it again.
    await page.getByText('Your PDF is protected by a password. Please remove the password and upload it again.').waitFor();
    await expectAccessible(page, 'a failed upload');
    await shot(page, 'upload-failed-375');
    expect(await transcriptInput(page).isEnabled()).toBe(true);
    expect((await documents(context)).hs_transcript).toBeUndefined();
    await context.close();
  });

  it('remove the conversion and then the document when the applicant switches away from the upload tab', async () => {
    const { context, page } = await loggedInContext(browser(), DESKTOP, 'tab-switch');
    await openAcademics(page);
    await transcriptInput(page).setInputFiles({ name: 'transcript.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('strong').filter({ hasText: 'transcript.png' }).waitFor({ timeout: 20_000 });
    const deletes: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'DELETE') deletes.push(new URL(r.url()).pathname);
    });
    await page.getByRole('tab', { name: 'My counselor will send it' }).click();
    // The switch deletes the file: asked first, and nothing is deleted until the applicant agrees.
    const ask = page.getByRole('dialog', { name: 'Remove your file?' });
    await ask.getByText('removes transcript.png from your application').waitFor();
    await expectOpenAccessible(page, ask, 'the remove-file question');
    expect(deletes).toEqual([]);
    await ask.getByRole('button', { name: 'Remove and switch' }).click();
    await page.getByText('Please ask your school counselor to send your transcript').waitFor();
    expect(deletes).toEqual(['/api/pdf/document-answer/hs_transcript', '/api/document-answer/hs_transcript']);
    await expect.poll(async () => (await documents(context)).hs_transcript, SETTLE).toBeUndefined();
    expect(((await (await context.request.get('/api/tabs')).json()) as Record<string, string>).transcript_source).toBe('counselor');
    await context.close();
  });
});

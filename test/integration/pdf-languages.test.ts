/**
 * The application PDF in the applicant's language (issue 41), through the real stack: the
 * applicant's own copy is printed in the language saved on their account (Spanish, Arabic right
 * to left in its own font), while the office's PDF of the same application stays in the
 * institution's language, and so are the page numbers pdf-lib stamps on every page. A new
 * choice of language asks for the applicant's copy again.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { setConfig } from '#lambdas/config';
import { pdfActualText } from '../fixtures/pdf-actual-text';
import { missingGlyphs, pdfGlyphs } from '../fixtures/pdf-glyphs';
import { pdfText } from '../fixtures/pdf-text';
import { waitForApplicationPdf } from '../fixtures/upload';
import { completeApplication } from '../support/answers';
import { registeredApplicant, type ApiClient } from '../support/client';
import { signedInStaff, type StaffClient } from '../support/staff';

const baseUrl = inject('baseUrl');
/** Two prints a render (the office's and the applicant's), within the job's deadline (90 s), on a machine shared with other runs. */
const PRINT_WAIT_MS = 90_000;

beforeAll(() => {
  setConfig({ dynamodbEndpoint: inject('dynamodbEndpoint'), s3Endpoint: inject('s3Endpoint') });
});

async function download(url: string, who?: ApiClient | StaffClient): Promise<Uint8Array> {
  const res = await fetch(url.startsWith('http') ? url : `${baseUrl}${url}`, who ? { headers: { cookie: who.cookieHeader } } : {});
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

/** The applicant's PDF once it is ready in the language now saved (each poll of GET /api/pdf asks for it if needed). */
async function applicantPdf(a: ApiClient): Promise<string> {
  const ready = await waitForApplicationPdf(a, PRINT_WAIT_MS);
  expect(ready.status).toBe('COMPLETED');
  return (await pdfText(await download(ready.url as string))).text;
}

/** The office's PDF of the same application, as a staff member downloads it. */
async function officePdf(staff: StaffClient, id: string): Promise<string> {
  const res = await fetch(`${baseUrl}/staff/api/applications/${id}/pdf/download`, { headers: { cookie: staff.cookieHeader }, redirect: 'manual' });
  expect(res.status).toBe(303);
  return (await pdfText(await download(res.headers.get('location')!))).text;
}

/** Words of a right-to-left line come in the order they are drawn (test/fixtures/pdf-actual-text.ts): either order. */
const inEitherOrder = (text: string, words: string) => text.includes(words) || text.includes(words.split(' ').reverse().join(' '));

describe("the applicant's PDF in their language, the office's in the institution's", () => {
  let staff: StaffClient;
  beforeAll(async () => {
    staff = await signedInStaff(baseUrl);
  }, 60_000);

  let a: ApiClient;

  it('a Spanish applicant downloads Spanish headings; the office reads the same application in English', { timeout: PRINT_WAIT_MS + 30_000 }, async () => {
    a = await registeredApplicant(baseUrl);
    expect((await a.put('/api/language', { language: 'es' })).status).toBe(200);
    expect((await a.put('/api/answer', { ...completeApplication(), first_name: 'Begoña', last_name: 'Quintero' })).status).toBe(200);
    expect((await a.post('/api/submit')).status).toBe(200);

    const spanish = await applicantPdf(a);
    expect(spanish).toContain('Sobre usted');
    expect(spanish).toContain('Nombre');
    expect(spanish).toContain('Begoña');
    expect(spanish).not.toContain('About You');
    // pdf-lib's page numbers too (stamped after Chromium printed), in Helvetica.
    expect(spanish).toContain('Página 1 de ');
    expect(spanish).not.toMatch(/Page \d+ of/);

    const office = await officePdf(staff, a.subject);
    expect(office).toContain('About You');
    expect(office).toContain('First Name');
    expect(office).toContain('Begoña');
    expect(office).not.toContain('Sobre usted');
    expect(office).toContain('Page 1 of ');
    expect(office).not.toContain('Página');
  });

  it(
    "chooses Arabic next: their copy is printed again, right to left in its own font; the office's stays English",
    { timeout: PRINT_WAIT_MS + 30_000 },
    async () => {
      expect((await a.put('/api/language', { language: 'ar' })).status).toBe(200);
      const ready = await waitForApplicationPdf(a, PRINT_WAIT_MS);
      expect(ready.status).toBe('COMPLETED');
      const bytes = await download(ready.url as string);
      // Read as a reader honouring ActualText reads it: PDF.js sees the shaped glyphs, skeletons without their dots.
      const arabic = await pdfActualText(bytes);
      expect(inEitherOrder(arabic, 'معلومات عنك'), arabic).toBe(true);
      expect(inEitherOrder(arabic, 'الاسم الأول'), arabic).toBe(true);
      expect(arabic).toContain('Begoña');
      expect(arabic).not.toContain('About You');
      expect(arabic).not.toContain('Sobre usted');
      // The page numbers pdf-lib stamps: Arabic words and the locale's digits, in reading order (their ActualText).
      expect(arabic).toContain(`صفحة ${new Intl.NumberFormat('ar').format(1)} من `);
      expect(arabic).not.toMatch(/Page \d+ of/);
      expect(missingGlyphs(await pdfGlyphs(bytes))).toEqual([]);
      const fonts = new Set((await pdfGlyphs(bytes)).map((g) => g.font));
      expect([...fonts].some((f) => /^NotoSansArabic/.test(f))).toBe(true);
      const office = await officePdf(staff, a.subject);
      expect(office).toContain('About You');
      expect(office).toContain('Page 1 of ');
    },
  );
});

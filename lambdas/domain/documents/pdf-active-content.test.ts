/**
 * An uploaded PDF with scripts, open actions, a tracking link, a launch action, a form and an
 * attached file: the converted document and the application PDF keep its visible page and
 * nothing else, as PDF.js and a raw scan of the inflated bytes read them.
 */
import { describe, expect, it } from 'vitest';
import * as fixtures from '#test/fixtures/documents';
import { ATTACKER_URL, FIELD_TEXT, VISIBLE_TEXT, activeContent, hostilePdf } from '#test/fixtures/hostile-pdf';
import { pdfText } from '#test/fixtures/pdf-text';
import { assembleApplicationPdf, convertToPdf, type HtmlPrinter } from '.';

const noPrinter: HtmlPrinter = () => Promise.reject(new Error('no printer in this test'));

const NOTHING_ACTIVE = { document: { jsActions: null, openAction: null, attachments: null, fields: null }, raw: [] };

describe('active content in an uploaded PDF', () => {
  it('the hostile fixture carries every kind of active content (the readers below can see it)', async () => {
    const found = await activeContent(await hostilePdf());
    expect(found.document.jsActions).not.toBeNull();
    // PDF.js reports only destinations as the open action (it lists the script among jsActions); the raw scan sees it.
    expect(found.document.attachments).not.toBeNull();
    expect(found.document.fields).not.toBeNull();
    expect(found.pages[0]!.jsActions).not.toBeNull();
    const subtypes = found.pages[0]!.annotations.map((a) => a.subtype);
    expect(subtypes).toEqual(expect.arrayContaining(['Link', 'FileAttachment', 'Widget']));
    expect(found.pages[0]!.annotations.some((a) => a.url === ATTACKER_URL)).toBe(true);
    expect(found.raw).toEqual(expect.arrayContaining(['app.alert', 'attacker.example', 'cmd.exe', 'secret payload', '/Launch', '/SubmitForm', '/OpenAction']));
  });

  it('is gone from the converted document, and the page still shows its text and the filled-in field', async () => {
    const { pdf } = await convertToPdf(await hostilePdf(), noPrinter, 'statement.pdf');
    const found = await activeContent(pdf);
    expect(found).toMatchObject(NOTHING_ACTIVE);
    expect(found.pages).toEqual([{ annotations: [], jsActions: null }]);
    const { text, pages } = await pdfText(pdf);
    expect(pages).toBe(1);
    expect(text).toContain(VISIBLE_TEXT);
    // The field's value was only in its appearance; it is now drawn on the page itself.
    expect(text).toContain(FIELD_TEXT);
  });

  it('is gone from the application PDF even for a document converted before it was dropped', async () => {
    const application = await fixtures.pdf(['Application'], 1);
    const result = await assembleApplicationPdf(application, [{ label: 'statement', pdf: await hostilePdf() }]);
    expect(result.skipped).toEqual([]);
    const found = await activeContent(result.pdf);
    expect(found).toMatchObject(NOTHING_ACTIVE);
    for (const page of found.pages) expect(page).toEqual({ annotations: [], jsActions: null });
    const { pageTexts } = await pdfText(result.pdf);
    expect(pageTexts[0]).toContain('Application');
    expect(pageTexts[1]).toContain(VISIBLE_TEXT);
    expect(pageTexts[1]).toContain(FIELD_TEXT);
    pageTexts.forEach((t, i) => expect(t).toContain(`Page ${i + 1} of 2`));
  });
});

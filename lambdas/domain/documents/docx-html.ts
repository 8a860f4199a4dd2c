/**
 * A docx → self-contained HTML for printing: mammoth converts the document (images become
 * data: URIs), and the page is wrapped with print CSS. The HTML is printed with scripts off and
 * every network request blocked, so a hostile document cannot reach anything. What the package
 * inflates to is bounded before mammoth reads it (a ZIP bomb fails at once, in little memory).
 */
import mammoth from 'mammoth';
import { parseOrFail } from './conversion-error';
import { escapeHtml } from './html';
import { checkDocxInflation } from './zip-inflation';

export async function docxToHtml(bytes: Uint8Array, title = 'Document'): Promise<string> {
  checkDocxInflation(bytes);
  const result = await parseOrFail(() => mammoth.convertToHtml({ buffer: Buffer.from(bytes) }));
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
<style>
@page { size: Letter; margin: 0.75in; }
body { font-family: 'Open Sans', sans-serif; font-size: 11pt; line-height: 1.4; color: #111; }
img { max-width: 100%; height: auto; }
table { border-collapse: collapse; } td, th { border: 1px solid #999; padding: 2pt 4pt; vertical-align: top; }
</style></head><body>${result.value}</body></html>`;
}

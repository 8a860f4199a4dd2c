/**
 * The application as simple print HTML: the renderer's fallback when the web app's service view
 * is not available (web build absent, view not deployed). The rows are form's one printer's, the
 * same the service view prints; this file only lays them out.
 */
import { institution, printHeaderLines, UNANSWERED_TEXT, type Answers, type PrintedDocument, type PrintedRow } from '#form';
import { printSubmitted, type ApplicationSnapshot } from '#form/snapshot';
import { escapeHtml } from './html';

export interface PrintableApplication {
  answers: Answers;
  tabs: Record<string, string>;
  addAnother: Record<string, number>;
  /** Document answers by question key. */
  documents: Record<string, PrintedDocument>;
  /** ISO 8601, once submitted. */
  submittedAt?: string;
  /** The application's reference, assigned by submit. */
  reference?: string;
  /** The application as submitted, printed instead of the model's walk (form/snapshot.ts). */
  snapshot?: ApplicationSnapshot;
}

function row(r: PrintedRow): string {
  const shown = r.value === '' ? `<span class="none">${UNANSWERED_TEXT}</span>` : escapeHtml(r.value).replace(/\n/g, '<br>');
  return `<div class="q" id="${escapeHtml(r.key)}"><div class="label">${escapeHtml(r.label)}</div><div class="value">${shown}</div></div>`;
}

export function applicationHtml(app: PrintableApplication): string {
  const body = printSubmitted(app.snapshot, { answers: app.answers, tabs: app.tabs, addAnother: app.addAnother, documents: app.documents })
    .map((page) => {
      // A heading is printed in one unbreakable block with its first question (the page's title
      // with its first section's): Chromium strands a heading at a page's foot otherwise.
      const title = `<h2>${page.number}. ${escapeHtml(page.title)}</h2>`;
      const sections = page.sections
        .map((s, i) => {
          const [first, ...rest] = s.rows;
          return `<section><div class="keep">${i === 0 ? title : ''}<h3>${escapeHtml(s.title)}</h3>${first ? row(first) : ''}</div>${rest.map(row).join('')}</section>`;
        })
        .join('');
      return `<article class="page">${page.sections.length ? '' : title}${sections}</article>`;
    })
    .join('');
  const meta = printHeaderLines({ submittedAt: app.submittedAt, reference: app.reference })
    .map((line) => `<p class="meta">${escapeHtml(line)}</p>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>${escapeHtml(`${institution.name} ${institution.applicationTitle}`)}</title>
<style>
body { font-family: 'Open Sans', sans-serif; font-size: 10pt; color: #111; margin: 0; }
h1 { font-size: 16pt; margin: 0 0 4pt; } h2 { font-size: 13pt; margin: 14pt 0 6pt; border-bottom: 1px solid #999; }
h3 { font-size: 11pt; margin: 10pt 0 4pt; } .meta { color: #444; margin: 0 0 8pt; }
.q, .keep { break-inside: avoid; } .q { display: flex; gap: 12pt; padding: 2pt 0; }
.label { flex: 0 0 45%; color: #333; } .value { flex: 1; white-space: pre-wrap; } .none { color: #777; }
.page + .page { break-before: page; }
</style></head><body data-print-ready="true">
<h1>${escapeHtml(institution.name)}: ${escapeHtml(institution.applicationTitle)}</h1>${meta}
${body}</body></html>`;
}

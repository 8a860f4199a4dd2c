/**
 * The application as simple print HTML, built from the form model: the renderer's fallback when
 * the web app's service view is not available (web build absent, view not deployed). Only the
 * content visible for these answers, tabs and add-another counts is printed, in form order.
 */
import { institution, pages, printCheckbox, questionsIn, visibleKeysIn, type Answers, type FormContext, type Question } from '../../../form';
import { escapeHtml } from './html';

export interface PrintableApplication {
  answers: Answers;
  tabs: Record<string, string>;
  addAnother: Record<string, number>;
  /** Document answers by question key. */
  documents: Record<string, { file_name: string }>;
  submittedAt?: string;
}

const NOT_ANSWERED = 'Not answered';

function chosenLabel(answers: Answers, key: string): string {
  return answers[`${key}_desc`] || answers[key] || '';
}

/** The printed value of one question, '' when unanswered. */
export function printedValue(q: Question, app: PrintableApplication): string {
  const a = app.answers;
  switch (q.type) {
    case 'dropdown':
    case 'radio':
      return chosenLabel(a, q.key);
    case 'checkbox':
      return a[q.key] === undefined ? '' : printCheckbox(a[q.key]);
    case 'checkboxGroup':
      return q.options.map((o) => `${printCheckbox(a[o.yupValueKey])} ${o.label}`).join('\n');
    case 'monthYear':
      return [chosenLabel(a, q.key), chosenLabel(a, q.yearKey)].filter(Boolean).join(' ');
    case 'file': {
      const doc = app.documents[q.key];
      return doc?.file_name ? `Document attached: ${doc.file_name}` : '';
    }
    default:
      return a[q.key] ?? '';
  }
}

function row(q: Question, app: PrintableApplication): string {
  const value = printedValue(q, app);
  const shown = value === '' ? `<span class="none">${NOT_ANSWERED}</span>` : escapeHtml(value).replace(/\n/g, '<br>');
  return `<div class="q" id="${escapeHtml(q.key)}"><div class="label">${escapeHtml(q.label)}</div><div class="value">${shown}</div></div>`;
}

export function applicationHtml(app: PrintableApplication): string {
  const ctx: FormContext = { tabs: app.tabs, addAnother: app.addAnother };
  const body = pages
    .map((page) => {
      const sections = page.sections
        .map((section) => {
          const visible = visibleKeysIn(section.children, app.answers, ctx);
          const rows = questionsIn(section.children)
            .filter((q) => visible.has(q.key))
            .map((q) => row(q, app));
          return rows.length ? `<section><h3>${escapeHtml(section.title)}</h3>${rows.join('')}</section>` : '';
        })
        .join('');
      return `<article class="page"><h2>${page.number}. ${escapeHtml(page.title)}</h2>${sections}</article>`;
    })
    .join('');
  const submitted = app.submittedAt ? `<p class="meta">Submitted ${escapeHtml(app.submittedAt.slice(0, 10))}</p>` : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>${escapeHtml(`${institution.name} ${institution.applicationTitle}`)}</title>
<style>
body { font-family: 'Open Sans', sans-serif; font-size: 10pt; color: #111; margin: 0; }
h1 { font-size: 16pt; margin: 0 0 4pt; } h2 { font-size: 13pt; margin: 14pt 0 6pt; border-bottom: 1px solid #999; }
h3 { font-size: 11pt; margin: 10pt 0 4pt; } .meta { color: #444; margin: 0 0 8pt; }
.q { display: flex; gap: 12pt; padding: 2pt 0; break-inside: avoid; }
.label { flex: 0 0 45%; color: #333; } .value { flex: 1; white-space: pre-wrap; } .none { color: #777; }
.page + .page { break-before: page; }
</style></head><body data-print-ready="true">
<h1>${escapeHtml(institution.name)}: ${escapeHtml(institution.applicationTitle)}</h1>${submitted}
${body}</body></html>`;
}

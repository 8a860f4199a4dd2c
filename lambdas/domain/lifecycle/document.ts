/**
 * The lifecycle table as docs/decisions-lifecycle.md shows it: a Mermaid state diagram and the
 * moves with who makes them and what they write, generated between two marker comments
 * (scripts/lifecycle-doc.ts writes it, formatted as the repository's Prettier formats Markdown;
 * test/unit/lifecycle-doc.test.ts fails when the file differs).
 */
import { INITIAL_STATUS, LIFECYCLE, type Transition } from './table';

export const DOC_START = '<!-- lifecycle:start: generated from lambdas/domain/lifecycle/table.ts by `npx tsx scripts/lifecycle-doc.ts`; do not edit -->';
export const DOC_END = '<!-- lifecycle:end -->';

const code = (text: string) => `\`${text}\``;
const cell = (text: string) => text.replace(/\|/g, '\\|');

function diagram(rows: readonly Transition[]): string[] {
  const lines = ['stateDiagram-v2', `  [*] --> ${INITIAL_STATUS}`];
  for (const row of rows) for (const from of row.from) lines.push(`  ${from} --> ${row.to}: ${row.label} (${row.by.join(', ')})`);
  return ['```mermaid', ...lines, '```'];
}

function moves(rows: readonly Transition[]): string[] {
  const header = ['move', 'from → to', 'who', 'only when', 'history line (what a reader sees)', 'audit', 'event', 'e-mail', 'made by'];
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [
    line(header),
    line(header.map(() => '---')),
    ...rows.map((row) =>
      line([
        row.label,
        `${row.from.map(code).join(', ')} → ${code(row.to)}`,
        row.by.join(', '),
        row.conditions.join('; ') || '—',
        row.history ? `${code(row.history.line)} (${code(row.history.reader)})` : '—',
        row.audit ? [code(row.audit.action), ...(row.audit.bulk ? [`${code(row.audit.bulk)} (bulk)`] : [])].join(', ') : '—',
        row.event ? code(row.event) : '—',
        row.mail ? row.mail.says : '—',
        code(row.checkedBy),
      ]),
    ),
  ];
}

/** The generated part of the document, markers included (not yet formatted). */
function lifecycleMarkdown(rows: readonly Transition[] = LIFECYCLE): string {
  return [DOC_START, '', ...diagram(rows), '', ...moves(rows), '', DOC_END].join('\n');
}

/** `doc` with its generated part replaced; throws when the markers are missing. */
export function withLifecycle(doc: string, rows: readonly Transition[] = LIFECYCLE): string {
  const start = doc.indexOf(DOC_START);
  const end = doc.indexOf(DOC_END);
  if (start < 0 || end < start) throw new Error('the document has no lifecycle markers (see lambdas/domain/lifecycle/document.ts)');
  return doc.slice(0, start) + lifecycleMarkdown(rows) + doc.slice(end + DOC_END.length);
}

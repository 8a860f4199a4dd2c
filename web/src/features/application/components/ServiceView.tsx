import type { Answers, FormNode, Question } from '../model';
import { addAnotherCount, evaluate, institution, pages, optionLabel, printCheckbox as printedCheckbox } from '../model';
import { formatSize } from '../file-rules';
import { isAttached } from '../documents-state';
import { useServiceData } from '../api/service-api';

export interface ServiceViewData {
  answer: Answers;
  add_another: Record<string, number>;
  document_answer: Record<string, { file_name?: string; file_size?: number; status?: string }>;
  tabs: Record<string, string>;
}

function printed(q: Question, a: Answers, docs: ServiceViewData['document_answer']): string {
  const v = a[q.key] ?? '';
  switch (q.type) {
    case 'checkbox':
      return printedCheckbox(v);
    case 'checkboxGroup':
      return q.options.map((o) => `${printedCheckbox(a[o.yupValueKey])} ${o.label}`).join('\n');
    case 'dropdown':
    case 'radio': {
      const opts = q.dependsOn ? (q.dependsOn.optionsByValue[a[q.dependsOn.valueKey] ?? ''] ?? []) : q.options;
      return a[`${q.key}_desc`] || (v ? optionLabel(opts, v) || v : '');
    }
    case 'monthYear':
      return [a[`${q.key}_desc`] || v, a[q.yearKey] ?? ''].filter(Boolean).join(' ');
    case 'file': {
      const d = docs[q.key];
      return d && isAttached(d) ? `Document attached: ${d.file_name}${d.file_size ? ` (${formatSize(d.file_size)})` : ''}` : 'No document attached';
    }
    default:
      return v;
  }
}

function PrintNodes({ nodes, data }: { nodes: readonly FormNode[]; data: ServiceViewData }) {
  const a = data.answer;
  const rows: React.ReactNode[] = [];
  const visit = (n: FormNode, key: string) => {
    switch (n.kind) {
      case 'question':
        rows.push(
          <div key={key} className="print-row">
            <dt>{n.type === 'monthYear' ? `${n.label} / ${n.yearLabel}` : n.label}</dt>
            <dd>{printed(n, a, data.document_answer) || '—'}</dd>
          </div>,
        );
        break;
      case 'content':
        break;
      case 'conditional':
        if (!evaluate(n.hideWhen, a)) n.children.forEach((c, i) => visit(c, `${key}.${i}`));
        break;
      case 'conditionGroup':
        n.groups.find((g) => evaluate(g.when, a))?.children.forEach((c, i) => visit(c, `${key}.${i}`));
        break;
      case 'trigger':
        n.after.forEach((c, i) => visit(c, `${key}.a${i}`));
        break;
      case 'tabGroup': {
        const tab = n.tabs.find((t) => t.id === (data.tabs[n.id] ?? n.defaultTab)) ?? n.tabs[0];
        rows.push(
          <div key={`${key}.tab`} className="print-row">
            <dt>{n.label}</dt>
            <dd>{tab?.label}</dd>
          </div>,
        );
        tab?.children.forEach((c, i) => visit(c, `${key}.${i}`));
        break;
      }
      case 'addAnother': {
        const count = addAnotherCount(n, a, { addAnother: data.add_another });
        n.blocks.slice(0, count).forEach((b, bi) => b.forEach((c, i) => visit(c, `${key}.${bi}.${i}`)));
        break;
      }
    }
  };
  nodes.forEach((n, i) => visit(n, String(i)));
  return <dl>{rows}</dl>;
}

/** The print layout's heading and sections for loaded data. */
function PrintPages({ data }: { data: ServiceViewData }) {
  const order = institution.pdfPages.map((id) => pages.find((p) => p.id === id)).filter((p) => !!p);
  return (
    <>
      {order.map((page) => (
        <section key={page.id} aria-labelledby={`print-${page.id}`}>
          <h2 id={`print-${page.id}`}>
            {page.number}. {page.title}
          </h2>
          {page.sections.map((s) => (
            <section key={s.id} aria-labelledby={`print-${page.id}-${s.id}`}>
              <h3 id={`print-${page.id}-${s.id}`}>{s.title}</h3>
              <PrintNodes nodes={s.children} data={data} />
            </section>
          ))}
        </section>
      ))}
    </>
  );
}

/**
 * The service user's print layout (000 §1, 001 §2): every page, read-only, no controls. Its root
 * carries data-print-ready, "true" once the data is rendered: the PDF renderer waits for exactly
 * that (lambdas/adapters/renderer/application.ts PRINT_READY_SELECTOR).
 */
export function ServiceView({ data }: { data: ServiceViewData | undefined }) {
  return (
    <main id="main" className="print-view" data-print-ready={data ? 'true' : 'false'} aria-busy={data ? undefined : true}>
      <h1>
        {institution.name}: {institution.applicationTitle}
      </h1>
      {data ? <PrintPages data={data} /> : <p role="status">Loading the application…</p>}
    </main>
  );
}

/** The service route: the layout shows at once and fills in when GET /service/tmp-pdf answers. */
export function ServicePrintPage({ token }: { token: string }) {
  const { data } = useServiceData(token);
  return <ServiceView data={data} />;
}

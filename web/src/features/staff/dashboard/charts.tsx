import type { ReactNode } from 'react';
import { csvLine } from '#form/csv';
import { StaffTable } from '../shared/StaffTable';

/** A table's rows as the CSV a spreadsheet opens (the same numbers as the table: the chart, its table and its file never differ). */
export function csvOf(columns: readonly string[], rows: ReadonlyArray<readonly (string | number)[]>): string {
  return [columns, ...rows].map((r) => csvLine(r.map(String))).join('');
}

const csvHref = (csv: string): string => `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${csv}`)}`;

/**
 * One part of the dashboard: its heading, a chart a person takes in at a glance (hidden from
 * screen readers, which read the table beside it), the table, and a link to the table as CSV.
 */
export function ChartPanel({
  id,
  title,
  summary,
  chart,
  columns,
  rows,
  file,
}: {
  id: string;
  title: string;
  /** One sentence of what the chart shows, read before the table. */
  summary?: ReactNode;
  chart?: ReactNode;
  columns: readonly string[];
  rows: ReadonlyArray<readonly (string | number)[]>;
  file: string;
}) {
  return (
    <section className="dashboard-panel">
      <h2 id={`${id}-title`}>{title}</h2>
      {summary && <p>{summary}</p>}
      <div className="dashboard-panel__body">
        {chart && <div className="dashboard-panel__chart">{chart}</div>}
        <div className="dashboard-panel__table">
          <StaffTable label={title} columns={columns}>
            {rows.map((row) => (
              <tr key={row.slice(0, 3).join('|')}>
                {row.map((cell, i) =>
                  i === 0 ? (
                    <th scope="row" key={i}>
                      {cell}
                    </th>
                  ) : (
                    <td key={i}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </StaffTable>
        </div>
      </div>
      <p>
        <a href={csvHref(csvOf(columns, rows))} download={file}>
          Download “{title}” as CSV
        </a>
      </p>
    </section>
  );
}

const BAR_HEIGHT = 22;
const GAP = 8;
const LABEL_WIDTH = 150;
const WIDTH = 480;

/** Horizontal bars, one per row, longest to scale; each value written at its bar's end. */
export function BarChart({ bars }: { bars: ReadonlyArray<{ label: string; value: number }> }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const height = bars.length * (BAR_HEIGHT + GAP);
  const room = WIDTH - LABEL_WIDTH - 50;
  return (
    <svg className="dashboard-chart" viewBox={`0 0 ${WIDTH} ${height}`} width="100%" aria-hidden="true" focusable="false">
      {bars.map((b, i) => {
        const y = i * (BAR_HEIGHT + GAP);
        const w = Math.round((b.value / max) * room);
        return (
          <g key={b.label}>
            <text x={LABEL_WIDTH - 8} y={y + BAR_HEIGHT / 2} textAnchor="end" dominantBaseline="middle" className="dashboard-chart__label">
              {b.label}
            </text>
            <rect x={LABEL_WIDTH} y={y} width={Math.max(w, b.value > 0 ? 2 : 0)} height={BAR_HEIGHT} className="dashboard-chart__bar" />
            <text x={LABEL_WIDTH + w + 6} y={y + BAR_HEIGHT / 2} dominantBaseline="middle" className="dashboard-chart__value">
              {b.value}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

const LINE_HEIGHT = 200;
const PAD = 30;

/** Two running totals over the days of a cycle: this cycle's (solid) and the previous cycle's at the same point (dashed). */
export function LineChart({ points }: { points: ReadonlyArray<{ day: number; total: number; previous: number | null }> }) {
  const max = Math.max(1, ...points.map((p) => Math.max(p.total, p.previous ?? 0)));
  const last = Math.max(1, points.length - 1);
  const x = (day: number) => PAD + (day / last) * (WIDTH - 2 * PAD);
  const y = (n: number) => LINE_HEIGHT - PAD - (n / max) * (LINE_HEIGHT - 2 * PAD);
  const line = (values: ReadonlyArray<number | null>) =>
    values
      .map((v, i) => (v === null ? undefined : `${x(points[i]?.day ?? i).toFixed(1)},${y(v).toFixed(1)}`))
      .filter(Boolean)
      .join(' ');
  return (
    <svg className="dashboard-chart" viewBox={`0 0 ${WIDTH} ${LINE_HEIGHT}`} width="100%" aria-hidden="true" focusable="false">
      <line x1={PAD} y1={LINE_HEIGHT - PAD} x2={WIDTH - PAD} y2={LINE_HEIGHT - PAD} className="dashboard-chart__axis" />
      <line x1={PAD} y1={PAD} x2={PAD} y2={LINE_HEIGHT - PAD} className="dashboard-chart__axis" />
      <text x={PAD - 4} y={PAD} textAnchor="end" dominantBaseline="middle" className="dashboard-chart__label">
        {max}
      </text>
      <text x={PAD - 4} y={LINE_HEIGHT - PAD} textAnchor="end" dominantBaseline="middle" className="dashboard-chart__label">
        0
      </text>
      <text x={WIDTH - PAD} y={LINE_HEIGHT - 8} textAnchor="end" className="dashboard-chart__label">
        day {points.at(-1)?.day ?? 0}
      </text>
      {points.some((p) => p.previous !== null) && (
        <polyline points={line(points.map((p) => p.previous))} className="dashboard-chart__line dashboard-chart__line--previous" />
      )}
      <polyline points={line(points.map((p) => p.total))} className="dashboard-chart__line" />
    </svg>
  );
}

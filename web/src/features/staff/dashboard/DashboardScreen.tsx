import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { DashboardReply } from '../api/staff-api';
import { useStaffTitle } from '../shared/title';
import { BarChart, ChartPanel, LineChart } from './charts';

type Counts = ReadonlyArray<{ label: string; count: number }>;
const bars = (counts: Counts) => counts.map((c) => ({ label: c.label, value: c.count }));
const rowsOf = (counts: Counts) => counts.map((c) => [c.label, c.count] as const);

/** The days a table lists: those on which either cycle's total moved, and the last (a year of unchanged days says nothing). */
function daysWorthListing(days: DashboardReply['days']): DashboardReply['days'] {
  return days.filter((d, i) => {
    const before = days[i - 1];
    return i === days.length - 1 || !before || d.total !== before.total || d.previous_total !== before.previous_total;
  });
}

/** Chooses the cycle: the screen's address says it, so a cycle's dashboard can be bookmarked or shared. */
function CycleChoice({ dashboard }: { dashboard: DashboardReply }) {
  const navigate = useNavigate();
  const [cycle, setCycle] = useState(dashboard.cycle);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void navigate(`/staff/dashboard?cycle=${encodeURIComponent(cycle)}`);
  };
  return (
    <form className="staff-actions" onSubmit={submit}>
      <label htmlFor="dashboard-cycle">Cycle</label>{' '}
      <select id="dashboard-cycle" value={cycle} onChange={(e) => setCycle(e.target.value)}>
        {dashboard.cycles.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </select>{' '}
      <button type="submit" className="button button--small">
        Show
      </button>
    </form>
  );
}

/**
 * The dashboard (deciders and admins): a cycle's applications at each stage, submissions per day
 * against the previous cycle, the office status, decisions and replies, the yield, this week's
 * reviews per reader and every round, term and major. Each part is a chart with its table beside
 * it and the table as CSV. The numbers are counters the server keeps as applications change.
 */
export function DashboardScreen({ dashboard: d }: { dashboard: DashboardReply }) {
  useStaffTitle(`Dashboard: ${d.cycle_label}`);
  const previous = d.previous_cycle;
  const listed = daysWorthListing(d.days);
  const so = d.so_far;
  return (
    <div className="dashboard">
      <h1>Dashboard: {d.cycle_label}</h1>
      <CycleChoice dashboard={d} />

      <ChartPanel
        id="dashboard-stages"
        title="Applications at each stage"
        summary="Started counts every application begun in the cycle; the others count submitted applications where they are now."
        chart={<BarChart bars={bars(d.stages)} />}
        columns={['Stage', 'Applications']}
        rows={rowsOf(d.stages)}
        file={`dashboard-${d.cycle}-stages.csv`}
      />

      <ChartPanel
        id="dashboard-days"
        title="Submissions so far, by day of the cycle"
        summary={
          previous
            ? `By day ${so.day} of the cycle: ${so.this_cycle} submitted, against ${so.previous_cycle ?? 0} by the same day of ${previous.label} (dashed line).`
            : `By day ${so.day} of the cycle: ${so.this_cycle} submitted. There is no previous cycle to compare with.`
        }
        chart={<LineChart points={d.days.map((p) => ({ day: p.day, total: p.total, previous: p.previous_total }))} />}
        columns={['Day of the cycle', 'Date', `${d.cycle_label} so far`, ...(previous ? [`${previous.label} by the same day`] : [])]}
        rows={listed.map((p) => [p.day, p.date, p.total, ...(previous ? [p.previous_total ?? 0] : [])])}
        file={`dashboard-${d.cycle}-days.csv`}
      />

      <ChartPanel
        id="dashboard-statuses"
        title="Office status"
        chart={<BarChart bars={bars(d.statuses)} />}
        columns={['Status', 'Applications']}
        rows={rowsOf(d.statuses)}
        file={`dashboard-${d.cycle}-statuses.csv`}
      />

      <ChartPanel
        id="dashboard-decisions"
        title="Decisions recorded"
        chart={<BarChart bars={bars(d.decisions)} />}
        columns={['Decision', 'Applications']}
        rows={rowsOf(d.decisions)}
        file={`dashboard-${d.cycle}-decisions.csv`}
      />

      <ChartPanel
        id="dashboard-replies"
        title="Replies to released decisions"
        chart={<BarChart bars={bars(d.replies)} />}
        columns={['Reply', 'Applications']}
        rows={rowsOf(d.replies)}
        file={`dashboard-${d.cycle}-replies.csv`}
      />

      <ChartPanel
        id="dashboard-yield"
        title="Yield"
        summary={
          d.yield.percent === null
            ? 'No admission has been released yet.'
            : `${d.yield.percent}% of admitted applicants accepted (${d.yield.accepted} of ${d.yield.admitted}).`
        }
        chart={
          <BarChart
            bars={[
              { label: 'Admitted', value: d.yield.admitted },
              { label: 'Accepted', value: d.yield.accepted },
            ]}
          />
        }
        columns={['Measure', 'Value']}
        rows={[
          ['Admitted (released Admit)', d.yield.admitted],
          ['Accepted', d.yield.accepted],
          ['Yield', d.yield.percent === null ? '—' : `${d.yield.percent}%`],
        ]}
        file={`dashboard-${d.cycle}-yield.csv`}
      />

      {d.readers.rows.length > 0 ? (
        <ChartPanel
          id="dashboard-readers"
          title={`Reviews this week (from ${d.readers.week})`}
          chart={<BarChart bars={d.readers.rows.map((r) => ({ label: r.reader, value: r.reviews }))} />}
          columns={['Reader', 'Reviews']}
          rows={d.readers.rows.map((r) => [r.reader, r.reviews])}
          file={`dashboard-reviews-${d.readers.week}.csv`}
        />
      ) : (
        <section className="dashboard-panel">
          <h2 id="dashboard-readers-title">Reviews this week (from {d.readers.week})</h2>
          <p>No review has been recorded this week yet.</p>
        </section>
      )}

      {d.segments.length > 0 ? (
        <ChartPanel
          id="dashboard-segments"
          title="By round, term and major"
          columns={['Round', 'Term', 'Major', 'Submitted', 'Complete', 'Reviewed', 'Decided', 'Released', 'Accepted', 'Declined']}
          rows={d.segments.map((s) => [
            s.round_label || '—',
            s.term_label || '—',
            s.major_label || '—',
            s.counts.submitted,
            s.counts.complete,
            s.counts.reviewed,
            s.counts.decided,
            s.counts.released,
            s.counts.accepted,
            s.counts.declined,
          ])}
          file={`dashboard-${d.cycle}-segments.csv`}
        />
      ) : (
        <section className="dashboard-panel">
          <h2 id="dashboard-segments-title">By round, term and major</h2>
          <p>No application of this cycle has been submitted yet.</p>
        </section>
      )}
    </div>
  );
}

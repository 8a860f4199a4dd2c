import { Form, useLocation } from 'react-router-dom';
import { timetable } from '#form/institution-cycles';
import { roundsOf } from '#form/office-cycle';
import type { InProgressPage, InProgressQuery } from '#form/wire/in-progress';
import { CursorPaging } from '../shared/CursorPaging';
import { formatDateTime } from '../shared/format';
import { SelectField } from '../shared/SelectField';
import { StaffTable } from '../shared/StaffTable';
import { useStaffTitle } from '../shared/title';
import { inProgressCsvUrl, inProgressSearch } from './in-progress-api';

const COLUMNS = ['Name', 'E-mail', 'Round', 'Last activity', 'Pages done', 'Missing'];

/**
 * Applications started and not submitted, so the office can follow up: a cycle at a time (a
 * round too), newest start first, with paging and the same list as CSV. Nothing of an application
 * in progress beyond this row: it has no screen of its own.
 */
export function InProgressScreen({ query, page }: { query: InProgressQuery; page: InProgressPage | undefined }) {
  useStaffTitle('Applications in progress');
  const location = useLocation();
  const state = location.state as { previous?: string[] } | null;
  const cycle = page?.cycle ?? query.cycle ?? '';
  const filters = { ...(query.cycle ? { cycle: query.cycle } : {}), ...(query.round ? { round: query.round } : {}) };
  const cycleLabel = timetable.cycles.find((c) => c.id === cycle)?.label ?? cycle;
  return (
    <>
      <h1>Applications in progress</h1>
      <p>Started and not yet submitted. The applicant’s answers and documents stay theirs until they submit: only this list is shown.</p>
      <Form method="get" className="staff-filters__grid">
        <SelectField label="Cycle" name="cycle" defaultValue={cycle} options={timetable.cycles.map((c) => ({ value: c.id, label: c.label }))} />
        <SelectField
          label="Round"
          name="round"
          defaultValue={query.round ?? ''}
          emptyLabel="All rounds"
          options={roundsOf(timetable, cycle || undefined).map((r) => ({ value: r.id, label: r.label }))}
        />
        <button type="submit" className="button">
          Show
        </button>
      </Form>
      <p>
        <a href={inProgressCsvUrl(filters)} download>
          Export CSV <span className="visually-hidden">of the applications in progress in {cycleLabel}</span>
        </a>
      </p>
      {page &&
        (page.items.length === 0 ? (
          <p role="status">
            No application of {cycleLabel} is in progress{query.round ? ' in this round' : ''}.
          </p>
        ) : (
          <StaffTable label={`Applications in progress, ${cycleLabel}`} columns={COLUMNS}>
            {page.items.map((row) => (
              <tr key={row.id}>
                <td>{row.name || '(no name yet)'}</td>
                <td>{row.email}</td>
                <td>{row.round_label ?? 'Not chosen'}</td>
                <td>{formatDateTime(row.last_activity)}</td>
                <td>
                  {row.pages_done} of {row.pages_total}
                </td>
                <td>{row.missing.length ? row.missing.join(', ') : 'Nothing: ready to submit'}</td>
              </tr>
            ))}
          </StaffTable>
        ))}
      <CursorPaging
        previous={state?.previous ?? []}
        nextSearch={page?.cursor ? inProgressSearch({ ...filters, cursor: page.cursor }) : undefined}
        state={state}
        backLabel="Previous applications"
        nextLabel="Next applications"
      />
    </>
  );
}

import { useEffect, useId, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AUDIT_ACTIONS } from '#form/wire/audit';
import type { AuditEntry, AuditPage, TrailFilters } from '../api/staff-api';
import { CursorPaging } from '../shared/CursorPaging';
import { formatDateTime } from '../shared/format';
import { SelectField } from '../shared/SelectField';
import { StaffTable } from '../shared/StaffTable';
import { useStaffTitle } from '../shared/title';

/** The pages seen before (the cursor only goes forward) and, under an application, the list's paging to go back to. */
export type AuditState = { previous?: string[]; back?: string } | null;

/**
 * Who read or exported what, and when: the audit trail the staff API writes before it answers.
 * Under an application, that application's reads; on its own, the office-wide trail.
 */
export function AuditScreen({
  id,
  filters,
  page,
  state,
  search,
}: {
  /** The application whose reads are listed; none for the office-wide trail. */
  id: string | undefined;
  /** The office-wide trail's filters, as the address holds them. */
  filters: TrailFilters;
  page: AuditPage | undefined;
  state: AuditState;
  /** The address's query: another one is another page. */
  search: string;
}) {
  const previous = state?.previous ?? [];
  const heading = useRef<HTMLHeadingElement>(null);
  const shownSearch = useRef(search);
  const title = id ? 'Access record of this application' : 'Access record';
  useStaffTitle(title);

  useEffect(() => {
    if (shownSearch.current === search) return;
    shownSearch.current = search;
    heading.current?.focus();
  }, [search]);

  const items = page?.items ?? [];
  return (
    <>
      {id && (
        <p>
          <Link to={`/staff/applications/${encodeURIComponent(id)}`} state={state?.back === undefined ? null : { back: state.back }}>
            Back to the application
          </Link>
        </p>
      )}
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p>
        {id
          ? 'Every time a member of staff reads this application, it is recorded here, newest first.'
          : 'Everything every member of staff did, newest first: sign-ins, lists, exports, temporary links, and the reads, decisions and erasures of each application.'}
      </p>
      {!id && <TrailFiltersForm filters={filters} search={search} />}
      {items.length === 0 ? (
        <p>Nothing has been recorded yet.</p>
      ) : (
        <StaffTable label={`${title}, newest first`} columns={['When', 'Who', 'What', 'From (IP address)']}>
          {items.map((e: AuditEntry, i) => (
            <tr key={`${e.at}-${i}`}>
              <td>{formatDateTime(e.at)}</td>
              <td className="staff-email">{e.staff}</td>
              {/* The server words each record, naming an application by reference and applicant. */}
              <td>{e.summary}</td>
              <td>{e.ip}</td>
            </tr>
          ))}
        </StaffTable>
      )}
      <CursorPaging
        previous={previous}
        nextSearch={page?.cursor ? `?${new URLSearchParams({ ...filters, cursor: page.cursor }).toString()}` : undefined}
        state={state}
        backLabel="Newer entries"
        nextLabel="Older entries"
      />
    </>
  );
}

export const TRAIL_FILTERS = ['staff', 'action', 'from', 'to'] as const;

/** Who, what and when: the form becomes the address (the empty fields left out), which the route reads. */
function TrailFiltersForm({ filters, search }: { filters: TrailFilters; search: string }) {
  const navigate = useNavigate();
  const id = useId();
  const filtered = Object.keys(filters).length > 0;
  return (
    <section aria-labelledby={`${id}-title`} className="panel staff-filters">
      <h2 id={`${id}-title`}>Find records</h2>
      <form
        key={search}
        role="search"
        aria-labelledby={`${id}-title`}
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          const asked = TRAIL_FILTERS.flatMap((k) => {
            const v = data.get(k);
            return typeof v === 'string' && v.trim() ? [[k, v.trim()]] : [];
          });
          void navigate(`/staff/audit${asked.length ? `?${new URLSearchParams(asked).toString()}` : ''}`);
        }}
      >
        <div className="staff-filters__grid">
          <div className="field">
            <label htmlFor={`${id}-staff`}>Staff member (e-mail address)</label>
            <input id={`${id}-staff`} name="staff" type="text" autoComplete="off" defaultValue={filters.staff ?? ''} />
          </div>
          <SelectField
            label="Action"
            name="action"
            defaultValue={filters.action ?? ''}
            options={AUDIT_ACTIONS.map((a) => ({ value: a, label: a }))}
            emptyLabel="Any action"
          />
          <div className="field">
            <label htmlFor={`${id}-from`}>From (day)</label>
            <input id={`${id}-from`} name="from" type="date" defaultValue={filters.from ?? ''} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-to`}>To (day, included)</label>
            <input id={`${id}-to`} name="to" type="date" defaultValue={filters.to ?? ''} />
          </div>
        </div>
        <div className="staff-actions">
          <button type="submit" className="button button--primary">
            Show records
          </button>
          {filtered && (
            <Link to="/staff/audit" className="button">
              Clear filters
            </Link>
          )}
        </div>
      </form>
    </section>
  );
}

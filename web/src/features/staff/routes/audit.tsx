import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { AUDIT_ACTIONS } from '#form/wire/audit';
import { queryClient } from '#web/lib/query-client';
import { auditQuery, staffRead } from '../api/queries';
import type { AuditEntry, TrailFilters } from '../api/staff-api';
import { CursorPaging } from '../components/CursorPaging';
import { SelectField } from '../components/SelectField';
import { StaffTable } from '../components/StaffTable';
import { formatDateTime } from '../format';
import { useStaffTitle } from '../title';

const FILTERS = ['staff', 'action', 'from', 'to'] as const;

/** The office-wide trail's filters in the address (the empty ones left out); an application's record has none. */
function filtersOf(params: URLSearchParams, application: string | undefined): TrailFilters {
  if (application) return {};
  return Object.fromEntries(FILTERS.flatMap((k) => (params.get(k)?.trim() ? [[k, params.get(k)!.trim()]] : [])));
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  return staffRead(request, () => queryClient.fetchQuery(auditQuery(params.id ?? null, search.get('cursor'), filtersOf(search, params.id))));
}

type PagingState = { previous?: string[]; back?: string } | null;

/**
 * Who read or exported what, and when: the audit trail the staff API writes before it answers.
 * Under an application, that application's reads; on its own, the office-wide trail.
 */
export function AuditRoute() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const cursor = params.get('cursor');
  const filters = filtersOf(params, id);
  const { data } = useQuery(auditQuery(id ?? null, cursor, filters));
  const state = location.state as PagingState;
  const previous = state?.previous ?? [];
  const heading = useRef<HTMLHeadingElement>(null);
  const shownSearch = useRef(location.search);
  const title = id ? 'Access record of this application' : 'Access record';
  useStaffTitle(title);

  useEffect(() => {
    if (shownSearch.current === location.search) return;
    shownSearch.current = location.search;
    heading.current?.focus();
  }, [location.search]);

  const items = data?.items ?? [];
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
      {!id && <TrailFiltersForm filters={filters} />}
      {items.length === 0 ? (
        <p>Nothing has been recorded yet.</p>
      ) : (
        <StaffTable label={`${title}, newest first`} columns={['When', 'Who', 'What', 'From (IP address)']}>
          {items.map((e: AuditEntry, i) => (
            <tr key={`${e.at}-${i}`}>
              <td>{formatDateTime(e.at)}</td>
              <td>{e.staff}</td>
              {/* The server words each record, naming an application by reference and applicant. */}
              <td>{e.summary}</td>
              <td>{e.ip}</td>
            </tr>
          ))}
        </StaffTable>
      )}
      <CursorPaging
        previous={previous}
        nextSearch={data?.cursor ? `?${new URLSearchParams({ ...filters, cursor: data.cursor }).toString()}` : undefined}
        state={state}
        backLabel="Newer entries"
        nextLabel="Older entries"
      />
    </>
  );
}

/** Who, what and when: the form becomes the address (the empty fields left out), which the loader reads. */
function TrailFiltersForm({ filters }: { filters: TrailFilters }) {
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const filtered = Object.keys(filters).length > 0;
  return (
    <section aria-labelledby={`${id}-title`} className="panel staff-filters">
      <h2 id={`${id}-title`}>Find records</h2>
      <form
        key={location.search}
        role="search"
        aria-labelledby={`${id}-title`}
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          const asked = FILTERS.flatMap((k) => {
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

export const Component = AuditRoute;

import { useEffect, useRef } from 'react';
import { Link, useLocation, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '#web/lib/query-client';
import { auditQuery, staffRead } from '../api/queries';
import type { AuditEntry } from '../api/staff-api';
import { formatDateTime } from '../format';
import { useStaffTitle } from '../title';
import { TableWrap } from '../components/TableWrap';
import { CursorPaging } from '../components/CursorPaging';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const cursor = new URL(request.url).searchParams.get('cursor');
  return staffRead(request, () => queryClient.fetchQuery(auditQuery(params.id ?? null, cursor)));
}

const ACTIONS: Record<string, string> = {
  list: 'Listed applications',
  read: 'Read the application',
  download: 'Downloaded a file of the application',
  'export.csv': 'Exported CSV',
  'export.json': 'Exported JSON',
  'temporary-link': 'Created a temporary link',
  audit: 'Viewed the access record',
};

/** An export's filters or a link's lifetime, as "key: value" pairs. */
function detailText(detail: unknown): string {
  if (detail === undefined || detail === null || detail === '') return '';
  if (typeof detail !== 'object') return valueText(detail);
  return Object.entries(detail)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${k}: ${valueText(v)}`)
    .join(', ');
}

/** One value of the detail, which came as JSON: text as it is, numbers and flags in words, anything nested as JSON. */
function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
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
  const { data } = useQuery(auditQuery(id ?? null, cursor));
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
          : 'Every list, export, temporary link and view of this record by a member of staff, newest first. Reads of one application are under that application.'}
      </p>
      {items.length === 0 ? (
        <p>Nothing has been recorded yet.</p>
      ) : (
        <TableWrap label={`${title}, newest first`}>
          <table className="staff-table">
            <caption className="visually-hidden">{title}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Details</th>
                <th scope="col">From (IP address)</th>
              </tr>
            </thead>
            <tbody>
              {items.map((e: AuditEntry, i) => (
                <tr key={`${e.at}-${i}`}>
                  <td>{formatDateTime(e.at)}</td>
                  <td>{e.staff}</td>
                  <td>{ACTIONS[e.action] ?? e.action}</td>
                  <td>{detailText(e.detail)}</td>
                  <td>{e.ip}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      <CursorPaging
        previous={previous}
        nextSearch={data?.cursor ? `?cursor=${encodeURIComponent(data.cursor)}` : undefined}
        state={state}
        backLabel="Newer entries"
        nextLabel="Older entries"
      />
    </>
  );
}

export const Component = AuditRoute;

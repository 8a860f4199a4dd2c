import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { queryClient } from '#web/lib/query-client';
import { auditQuery, staffRead } from '../api/queries';
import type { AuditEntry } from '../api/staff-api';
import { CursorPaging } from '../shared/CursorPaging';
import { formatDateTime } from '../shared/format';
import { StaffTable } from '../shared/StaffTable';
import { useStaffTitle } from '../shared/title';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const cursor = new URL(request.url).searchParams.get('cursor');
  return staffRead(request, () => queryClient.fetchQuery(auditQuery(params.id ?? null, cursor)));
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
          : 'Every sign-in and sign-out, wrong authenticator code, list, export, temporary link and view of this record by a member of staff, newest first. Reads of one application are under that application.'}
      </p>
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
        nextSearch={data?.cursor ? `?cursor=${encodeURIComponent(data.cursor)}` : undefined}
        state={state}
        backLabel="Newer entries"
        nextLabel="Older entries"
      />
    </>
  );
}

export const Component = AuditRoute;

import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { AuditEntry, AuditPage } from '../api/staff-api';
import { CursorPaging } from '../shared/CursorPaging';
import { formatDateTime } from '../shared/format';
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
  page,
  state,
  search,
}: {
  /** The application whose reads are listed; none for the office-wide trail. */
  id: string | undefined;
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
        nextSearch={page?.cursor ? `?cursor=${encodeURIComponent(page.cursor)}` : undefined}
        state={state}
        backLabel="Newer entries"
        nextLabel="Older entries"
      />
    </>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { TemporaryLinkPage, TemporaryLinkSummary } from '../api/staff-api';
import { CursorPaging } from '../shared/CursorPaging';
import { formatDateTime } from '../shared/format';
import { StaffTable } from '../shared/StaffTable';

const forWhom = (l: TemporaryLinkSummary) => [l.recipient_name, l.recipient_email].filter(Boolean).join(', ');

/** How a link stands now: revoked, expired, or working (with its Revoke button). */
function State({ link, now, revoking, onRevoke }: { link: TemporaryLinkSummary; now: number; revoking: boolean; onRevoke: (id: string) => void }) {
  if (link.revoked_at)
    return (
      <>
        Revoked {formatDateTime(link.revoked_at)}
        {link.revoked_by ? ` by ${link.revoked_by}` : ''}
      </>
    );
  if (Date.parse(link.expires_at) <= now) return <>Expired</>;
  const who = forWhom(link);
  return (
    // The name starts with the visible word (WCAG label in name) and says which link.
    <button
      type="button"
      className="button button--small"
      aria-label={`Revoke the link ${who ? `for ${who}` : `issued ${formatDateTime(link.issued_at)}`}`}
      aria-disabled={revoking || undefined}
      onClick={() => !revoking && onRevoke(link.id)}
    >
      {revoking ? 'Revoking…' : 'Revoke'}
    </button>
  );
}

/**
 * The links the office issued, newest first: by whom and when, for whom, until when, whether
 * the prospect has opened it, and a Revoke button while it works. After a revocation focus
 * goes to the heading and the outcome is announced.
 */
export function IssuedLinks({
  page,
  revoking,
  revoked,
  revokeError,
  onRevoke,
}: {
  page: TemporaryLinkPage | undefined;
  revoking: string | undefined;
  revoked: string | undefined;
  revokeError: string | undefined;
  onRevoke: (id: string) => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const location = useLocation();
  const state = location.state as { previous?: string[] } | null;
  useEffect(() => {
    if (revoked || revokeError) heading.current?.focus();
  }, [revoked, revokeError]);
  const items = page?.items ?? [];
  // The moment the list was read: whether a link has expired is judged against it.
  const [now] = useState(Date.now);
  const revokedLink = revoked ? items.find((l) => l.id === revoked) : undefined;
  return (
    <section aria-labelledby="staff-links-issued" className="staff-links-issued">
      <h2 id="staff-links-issued" ref={heading} tabIndex={-1}>
        Links issued
      </h2>
      <p role="status" className={revokeError ? 'staff-warning' : undefined}>
        {revokeError ??
          (revoked
            ? `The link${revokedLink && forWhom(revokedLink) ? ` for ${forWhom(revokedLink)}` : ''} is revoked: it no longer opens the application.`
            : '')}
      </p>
      {items.length === 0 ? (
        <p>No temporary links have been issued yet.</p>
      ) : (
        <StaffTable label="Links issued, newest first" columns={['Issued', 'For', 'Expires', 'Opened', 'Link']}>
          {items.map((l) => (
            <tr key={l.id}>
              <td>
                {formatDateTime(l.issued_at)}
                <br />
                by {l.issued_by}
              </td>
              <td className="staff-email">{forWhom(l) || 'No recipient given'}</td>
              <td>{formatDateTime(l.expires_at)}</td>
              <td>{l.opened_at ? formatDateTime(l.opened_at) : 'Not yet'}</td>
              <td>
                <State link={l} now={now} revoking={revoking === l.id} onRevoke={onRevoke} />
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
      <CursorPaging
        previous={state?.previous ?? []}
        nextSearch={page?.cursor ? `?cursor=${encodeURIComponent(page.cursor)}` : undefined}
        state={state}
        backLabel="Newer links"
        nextLabel="Older links"
      />
    </section>
  );
}

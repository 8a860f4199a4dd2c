import { useState } from 'react';
import type { SisClientSummary } from '#form/wire/sis-clients';
import { Dialog } from '#web/components/Dialog';
import { formatDateTime } from '../shared/format';
import { StaffTable } from '../shared/StaffTable';
import { useFocusOn } from './focus-on';

/** How a client stands: revoked, expired (its last day has passed, UTC), or in use. */
function stateOf(c: SisClientSummary, now: number): string {
  if (c.revokedAt) return `Revoked ${formatDateTime(c.revokedAt)}`;
  if (c.expires && Date.parse(`${c.expires}T23:59:59.999Z`) < now) return `Expired ${c.expires}`;
  return c.expires ? `Active until ${c.expires}` : 'Active, no expiry';
}

/**
 * The clients, by name: scopes, state, last use, and a Revoke button behind a confirmation.
 * After a revocation focus goes to the heading and the outcome is announced.
 */
export function ClientsTable({
  clients,
  revoking,
  revoked,
  revokeError,
  onRevoke,
}: {
  clients: readonly SisClientSummary[];
  revoking: string | undefined;
  revoked: SisClientSummary | undefined;
  revokeError: string | undefined;
  onRevoke: (client: SisClientSummary, done: () => void) => void;
}) {
  const heading = useFocusOn<HTMLHeadingElement>(revoked ?? revokeError);
  const [asking, setAsking] = useState<SisClientSummary | null>(null);
  // The moment the list was read: whether a client has expired is judged against it.
  const [now] = useState(Date.now);
  return (
    <section aria-labelledby="staff-sis-clients" className="staff-links-issued">
      <h2 id="staff-sis-clients" ref={heading} tabIndex={-1}>
        Clients
      </h2>
      <p role="status" className={revokeError ? 'staff-warning' : undefined}>
        {revokeError ?? (revoked ? `The client ${revoked.name} is revoked: its tokens are refused within a minute.` : '')}
      </p>
      {clients.length === 0 ? (
        <p>No clients yet.</p>
      ) : (
        <StaffTable label="API clients by name" columns={['Name', 'Client id', 'Scopes', 'State', 'Last used', 'Created', 'Action']}>
          {clients.map((c) => (
            <tr key={c.id}>
              <td>{c.name}</td>
              <td className="staff-email">{c.id}</td>
              <td>{c.scopes.join(', ')}</td>
              <td>{stateOf(c, now)}</td>
              <td>{c.lastUsedAt ? formatDateTime(c.lastUsedAt) : 'Never'}</td>
              <td>{formatDateTime(c.createdAt)}</td>
              <td>
                {!c.revokedAt && (
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={`Revoke the client ${c.name}`}
                    aria-disabled={revoking === c.id || undefined}
                    onClick={() => revoking !== c.id && setAsking(c)}
                  >
                    {revoking === c.id ? 'Revoking…' : 'Revoke'}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
      <Dialog open={asking !== null} title={`Revoke the client ${asking?.name ?? ''}?`} onClose={() => setAsking(null)} size="s">
        <p>Its next token request is refused at once and its tokens already issued within a minute. This cannot be undone: a new client gets a new secret.</p>
        <p className="staff-actions">
          <button type="button" className="button button--primary" onClick={() => asking && onRevoke(asking, () => setAsking(null))}>
            Revoke {asking?.name}
          </button>{' '}
          <button type="button" className="button" onClick={() => setAsking(null)}>
            Cancel
          </button>
        </p>
      </Dialog>
    </section>
  );
}

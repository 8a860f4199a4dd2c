import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SuppressionReason } from '#form/wire/suppression';
import { isStaffSessionLost } from '../api/staff-api';
import { useSessionLost } from '../session/use-session-lost';
import { formatDateTime } from '../shared/format';
import { useFocusOnOutcome } from '../shared/use-staff-form';
import { suppressionsQuery, useDeleteSuppression } from './mailings-api';

/** Each reason in words, with what it stops (domain/messages/suppression.ts, docs/decisions.md). */
const REASON_WORDS: Record<SuppressionReason, string> = {
  unsubscribed: 'Unsubscribed (no marketing mailings; mail about their application still goes)',
  bounced: 'Bounced (nothing is sent to it)',
  complained: 'Complained (reported as spam: nothing is sent to it)',
};

type Outcome = { text: string; refused: boolean; n: number };

/**
 * The suppression list (an admin's, as GET /staff/api/suppressions declares): each address with
 * why and since when, and a button that takes it off the list (a mailbox that works again). What
 * the removal did is announced and takes focus; the list is read again either way.
 */
export function Suppressions() {
  const list = useQuery(suppressionsQuery());
  const remove = useDeleteSuppression();
  const sessionLost = useSessionLost();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useFocusOnOutcome<HTMLParagraphElement>(outcome?.n);
  const say = (text: string, refused: boolean) => setOutcome((o) => ({ text, refused, n: (o?.n ?? 0) + 1 }));
  const entries = list.data?.suppressions ?? [];
  const take = (email: string) => {
    if (remove.isPending) return;
    remove.mutate(email, {
      onSuccess: (data) => say(data.message, false),
      onError: (error) => (isStaffSessionLost(error) ? sessionLost() : say(error.message, true)),
    });
  };
  return (
    <section aria-labelledby="staff-suppressions">
      <h2 id="staff-suppressions">Suppressed addresses</h2>
      <p>
        Mailings skip these addresses and count them as suppressed. Take an address off the list only when you know its mailbox works again, or its owner asked
        to hear from the office again.
      </p>
      {outcome && (
        <p ref={outcomeRef} tabIndex={-1} role={outcome.refused ? 'alert' : 'status'} className={outcome.refused ? 'error-message' : undefined}>
          {outcome.text}
        </p>
      )}
      {list.error && (
        <p role="alert" className="error-message">
          {list.error.message}
        </p>
      )}
      {list.isSuccess && entries.length === 0 ? (
        <p>No address is suppressed.</p>
      ) : (
        entries.length > 0 && (
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">Suppressed addresses, newest first, with the reason and since when</caption>
              <thead>
                <tr>
                  <th scope="col">Address</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Since</th>
                  <th scope="col">Action</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((s) => (
                  <tr key={s.email}>
                    <th scope="row">{s.email}</th>
                    <td>{REASON_WORDS[s.reason]}</td>
                    <td>{formatDateTime(s.at)}</td>
                    <td>
                      <button
                        type="button"
                        className="button button--small"
                        aria-label={`Take ${s.email} off the suppression list`}
                        aria-disabled={remove.isPending || undefined}
                        onClick={() => take(s.email)}
                      >
                        Take off the list
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      )}
    </section>
  );
}

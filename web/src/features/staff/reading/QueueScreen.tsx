import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { ReadingQueue } from '#form/wire/reading';
import { ApiError } from '#web/lib/api-client';
import { isStaffSessionLost } from '../api/staff-api';
import { useAllowed } from '../session/allowed';
import { useSessionLost } from '../session/use-session-lost';
import { formatDateTime } from '../shared/format';
import { StaffTable } from '../shared/StaffTable';
import { useStaffTitle } from '../shared/title';
import { useFocusOnOutcome } from '../shared/use-staff-form';
import { useCheckout } from './mutations';

/** How the application screen knows it was opened from the queue, checked out already, and until when. */
interface FromQueue {
  until: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The reader's queue (any role): what is assigned to them and not yet read, what they hold, what
 * is open to any reader and, for deciders, how many wait for the committee; the applications,
 * assigned first, never one another reader holds. "Read next" checks the first out and opens it
 * (the next one when someone took it meanwhile); what happened is said in words and takes focus.
 */
export default function QueueScreen({ queue, readError }: { queue: ReadingQueue | undefined; readError: string | undefined }) {
  const navigate = useNavigate();
  const sessionLost = useSessionLost();
  const committee = useAllowed('readCommittee');
  const checkout = useCheckout();
  const [outcome, setOutcome] = useState<{ text: string; n: number } | null>(null);
  const outcomeRef = useFocusOnOutcome<HTMLParagraphElement>(outcome?.n);
  useStaffTitle('Reading queue');
  const items = queue?.items ?? [];
  const say = (text: string) => setOutcome((o) => ({ text, n: (o?.n ?? 0) + 1 }));

  const readNext = async () => {
    if (checkout.isPending) return;
    for (const item of items) {
      try {
        const taken = await checkout.mutateAsync(item.id);
        const state: FromQueue = { until: taken.checkout.until };
        await navigate(`/staff/applications/${encodeURIComponent(item.id)}`, { state });
        return;
      } catch (error) {
        if (isStaffSessionLost(error)) return sessionLost();
        // Taken by someone else meanwhile: the next one.
        if (error instanceof ApiError && error.status === 409) continue;
        return say(error instanceof Error ? error.message : String(error));
      }
    }
    say('There is nothing left in your queue to read: every application is read, or someone else is reading it.');
  };

  return (
    <>
      <h1>Reading queue</h1>
      <p>
        The applications assigned to you come first, then those open to any reader. Opening one checks it out to you for 30 minutes, renewed while its page is
        open: nobody else is offered it meanwhile.
      </p>
      {readError && <p className="staff-warning">{readError}</p>}
      {queue && (
        <dl className="staff-facts">
          <div>
            <dt>Assigned to you, not yet read</dt>
            <dd>{queue.counts.assigned}</dd>
          </div>
          <div>
            <dt>Checked out by you</dt>
            <dd>{queue.counts.checked_out}</dd>
          </div>
          <div>
            <dt>Open to any reader</dt>
            <dd>{queue.counts.open}</dd>
          </div>
          {committee && queue.counts.committee !== undefined && (
            <div>
              <dt>Waiting for the committee</dt>
              <dd>
                {queue.counts.committee} <Link to="/staff/committee">Open the committee queue</Link>
              </dd>
            </div>
          )}
        </dl>
      )}
      <div className="staff-actions staff-queue">
        <button type="button" className="button button--primary" onClick={() => void readNext()} aria-disabled={checkout.isPending || undefined}>
          {checkout.isPending ? 'Checking it out…' : 'Read next'}
        </button>
      </div>
      <p ref={outcomeRef} tabIndex={-1} role="status">
        {outcome?.text ?? ''}
      </p>
      <section aria-labelledby="queue-items-title">
        <h2 id="queue-items-title">To read</h2>
        {items.length === 0 ? (
          <p>Nothing is waiting for you.</p>
        ) : (
          <>
            <p>{plural(items.length, 'application', 'applications')}, oldest first.</p>
            <StaffTable label="Applications to read, assigned to you first" columns={['Reference', 'Name', 'Submitted', 'Assigned', 'Your checkout']}>
              {items.map((item) => (
                <tr key={item.id}>
                  <td>
                    <Link to={`/staff/applications/${encodeURIComponent(item.id)}`}>
                      {item.reference || (
                        <>
                          Open<span className="visually-hidden"> the application of {item.name}</span>
                        </>
                      )}
                    </Link>
                  </td>
                  <td>{item.name}</td>
                  <td>{formatDateTime(item.submitted_at)}</td>
                  <td>{item.assigned ? 'To you' : 'Open to any reader'}</td>
                  <td>{item.checked_out_until ? `Until ${formatDateTime(item.checked_out_until)}` : ''}</td>
                </tr>
              ))}
            </StaffTable>
          </>
        )}
      </section>
    </>
  );
}

import { useEffect, useRef, useState } from 'react';
import { isStaffSessionLost } from '../api/staff-api';
import { useSessionLost } from '../session/use-session-lost';
import { formatDateTime } from '../shared/format';
import { useCheckout, useReleaseCheckout } from './mutations';

/** A checkout lasts 30 minutes: renewed every 5 while the page stays open, well before it runs out. */
const RENEW_MS = 5 * 60_000;

/**
 * The application's checkout on its page: taken already when the page was opened from the queue
 * ("Read next", which passes until when), or on the button; renewed while the page is open and released when the reader
 * leaves it (submitting the review ends it too). While another reader holds it, the page says who
 * and until when, in the server's words.
 */
export function CheckoutPanel({ id, checkedOutUntil }: { id: string; checkedOutUntil: string | undefined }) {
  const sessionLost = useSessionLost();
  const take = useCheckout();
  const release = useReleaseCheckout();
  const [until, setUntil] = useState<string | null>(checkedOutUntil ?? null);
  const [refusal, setRefusal] = useState('');
  const held = useRef(!!checkedOutUntil);

  const checkOut = async () => {
    try {
      const reply = await take.mutateAsync(id);
      held.current = true;
      setUntil(reply.checkout.until);
      setRefusal('');
    } catch (error) {
      if (isStaffSessionLost(error)) return sessionLost();
      held.current = false;
      setUntil(null);
      setRefusal(error instanceof Error ? error.message : String(error));
    }
  };

  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => void checkOut(), RENEW_MS);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one timer while it is held
  }, [id, until !== null]);

  // Leaving the page ends the checkout, so others are offered the application again.
  useEffect(
    () => () => {
      if (held.current) release.mutate(id);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on leaving this application
    [id],
  );

  const letGo = () => {
    held.current = false;
    setUntil(null);
    release.mutate(id);
  };

  return (
    <section aria-labelledby="checkout-title" className="panel">
      <h2 id="checkout-title">Checkout</h2>
      <p role="status">
        {until
          ? `Checked out to you until ${formatDateTime(until)}, renewed while this page is open: nobody else is offered it.`
          : refusal || 'Not checked out to you. Check it out before you read it, so that nobody else is offered it meanwhile.'}
      </p>
      {until ? (
        <button type="button" className="button" onClick={letGo}>
          Release it
        </button>
      ) : (
        <button type="button" className="button" onClick={() => void checkOut()} aria-disabled={take.isPending || undefined}>
          {take.isPending ? 'Checking it out…' : 'Check out to read'}
        </button>
      )}
    </section>
  );
}

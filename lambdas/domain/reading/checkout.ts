/**
 * Checkout (issue 39, item 1): opening an application from the queue holds it for that reader for
 * 30 minutes, renewed while they work (the console renews it while the application is open); an
 * expired checkout is free for anyone. Nobody else is offered it meanwhile (the queue and the next
 * to read skip it) and a second reader's take is refused with who holds it and until when: one
 * conditional write decides, so two readers can never both hold it.
 */
import type { CheckoutReply } from '#form/wire/reading';
import { NO_APPLICATION } from '../documents/downloads';
import { Conflict, NotFound } from '../errors';
import type { StaffAudit } from '../ports/audit';
import { CHECKOUT_MINUTES, STILL_READ, type Checkout, type ReadingStore } from '../ports/reading';
import { pointerOf } from './assignment';

export interface CheckoutPorts {
  reading: Pick<ReadingStore, 'readReading' | 'takeCheckout' | 'releaseCheckout' | 'putPointer' | 'deletePointer'>;
  audit: StaffAudit;
  timeZone: string;
}

/** The checkout when someone other than `reader` holds it at `now`; otherwise undefined. */
export const heldByOther = (checkout: Checkout | undefined, reader: string, now: Date): Checkout | undefined =>
  checkout && checkout.by !== reader && checkout.until > now.toISOString() ? checkout : undefined;

const clock = (iso: string, timeZone: string): string =>
  new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(new Date(iso));

/** 409 naming who holds the application and until when (the answer carries both too). */
export class CheckedOut extends Conflict {
  constructor(holder: Checkout, timeZone: string) {
    super(
      `${holder.by} is reading this application until ${clock(holder.until, timeZone)}. Nobody else is offered it meanwhile: read another, or come back after that time.`,
    );
    this.extra.checkout = holder;
  }
}

export const NOTHING_TO_READ = 'This application has a decision: there is nothing left to read, so it is not checked out.';

/** Takes the application for `reader` for 30 minutes from `now`, or renews their own checkout (recorded first). */
export async function checkoutApplication(ports: CheckoutPorts, id: string, reader: string, now: Date): Promise<CheckoutReply> {
  const record = await ports.reading.readReading(id);
  if (!record) throw new NotFound(NO_APPLICATION);
  if (!STILL_READ.includes(record.officeStatus)) throw new Conflict(NOTHING_TO_READ);
  const other = heldByOther(record.checkout, reader, now);
  if (other) throw new CheckedOut(other, ports.timeZone);
  const renewed = record.checkout?.by === reader && record.checkout.until > now.toISOString();
  await ports.audit({ action: 'checkout', application: id, detail: { change: renewed ? 'renewed' : 'taken' } });
  const until = new Date(now.getTime() + CHECKOUT_MINUTES * 60_000).toISOString();
  const holder = await ports.reading.takeCheckout(id, reader, until, now.toISOString());
  if (holder) throw new CheckedOut(holder, ports.timeZone);
  await ports.reading.putPointer({ kind: 'checkout', reader }, { ...pointerOf(record), until });
  return {
    id,
    checkout: { by: reader, until },
    renewed,
    message: `${renewed ? 'Still checked out' : 'Checked out'} to you until ${clock(until, ports.timeZone)}.`,
  };
}

/** Ends the caller's checkout (recorded first); nothing to do when they hold none; 409 when someone else holds it. */
export async function releaseCheckout(ports: CheckoutPorts, id: string, reader: string, now: Date): Promise<{ message: string }> {
  const record = await ports.reading.readReading(id);
  if (!record) throw new NotFound(NO_APPLICATION);
  const other = heldByOther(record.checkout, reader, now);
  if (other) throw new CheckedOut(other, ports.timeZone);
  if (record.checkout?.by !== reader) return { message: 'You had not checked this application out: nothing changed.' };
  await ports.audit({ action: 'checkin', application: id });
  await ports.reading.releaseCheckout(id, reader);
  await ports.reading.deletePointer({ kind: 'checkout', reader }, pointerOf(record));
  return { message: 'Released: the application is offered to other readers again.' };
}

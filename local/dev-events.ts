/**
 * The local stack's stand-in for the publisher Lambda and EventBridge: each submission event is
 * appended to a JSON-lines file under the data directory (staff-dev.ts's eventsFile, listed at
 * /_dev/events), in the shape a rule's target would receive. Installed by the stack and by the
 * event runtime's process (lambdas/wiring/stand-ins.ts).
 */
import { randomUUID } from 'node:crypto';
import { appendFile } from 'node:fs/promises';
import { EVENT_SOURCE, type SubmissionEvent } from '#adapters/events';

/** One event as stored locally: the fields EventBridge gives a rule's target. */
export interface PublishedEvent {
  id: string;
  time: string;
  source: string;
  'detail-type': SubmissionEvent['type'];
  detail: SubmissionEvent['detail'];
}

/** Local retries of a failed append, as Lambda retries a failed publisher (twice). */
const RETRY_DELAYS_MS = [50, 200];

/** Appends the event to `file`; throws when it could not, after the retries. */
export async function appendEvent(file: string, event: SubmissionEvent): Promise<void> {
  const stored: PublishedEvent = { id: randomUUID(), time: new Date().toISOString(), source: EVENT_SOURCE, 'detail-type': event.type, detail: event.detail };
  for (let attempt = 0; ; attempt++) {
    try {
      // One write per line with O_APPEND: lines from the stack and the event runtime stay whole.
      await appendFile(file, `${JSON.stringify(stored)}\n`);
      return;
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

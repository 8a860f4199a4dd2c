/**
 * Submission events for the institution's systems, on the stack's EventBridge bus (an
 * institution attaches its student-information-system integration with a rule, not code).
 *
 * Publishing never blocks or fails a submit. In AWS a route asks the publisher Lambda
 * (lambdas/events/publish-event.ts) asynchronously: Lambda queues the request, and a PutEvents
 * that fails is retried twice by Lambda and then lands in the publisher's dead-letter queue,
 * which has an alarm. In the local stack events are appended to a JSON-lines file under the data
 * directory (listed at /_dev/events).
 */
import { randomUUID } from 'node:crypto';
import { appendFile } from 'node:fs/promises';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import type { SubmissionEvent, SubmissionEventDetail, SubmissionEventType } from '#domain/ports/submissions';
import { config, onConfigChange } from '#lambdas/config';
import { signedInvoke } from './async-invoke';
import { log } from './log';

export const EVENT_SOURCE = 'admissions.applications';
export type { SubmissionEvent, SubmissionEventDetail, SubmissionEventType };

/** One event as stored locally: the fields EventBridge gives a rule's target. */
export interface PublishedEvent {
  id: string;
  time: string;
  source: string;
  'detail-type': SubmissionEventType;
  detail: SubmissionEvent['detail'];
}

let eventBridge: EventBridgeClient | undefined;
onConfigChange(() => {
  eventBridge = undefined;
});

/** Local retries of a failed append, as Lambda retries a failed publisher (twice). */
const LOCAL_RETRY_DELAYS_MS = [50, 200];

async function appendLocally(file: string, event: SubmissionEvent): Promise<void> {
  const stored: PublishedEvent = { id: randomUUID(), time: new Date().toISOString(), source: EVENT_SOURCE, 'detail-type': event.type, detail: event.detail };
  for (let attempt = 0; ; attempt++) {
    try {
      // One write per line with O_APPEND: lines from the stack and the event runtime stay whole.
      await appendFile(file, `${JSON.stringify(stored)}\n`);
      return;
    } catch (error) {
      const delay = LOCAL_RETRY_DELAYS_MS[attempt];
      if (delay === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** Publishes an event without ever throwing: a failure is logged with the event, so it can be replayed. */
export async function publishSubmissionEvent(event: SubmissionEvent): Promise<boolean> {
  const c = config();
  try {
    if (c.localEventsFile) {
      await appendLocally(c.localEventsFile, event);
      return true;
    }
    if (!c.eventsFunctionName) throw new Error('EVENTS_FUNCTION_NAME is not set and there is no local events file');
    await signedInvoke('InvokeCommand', c.eventsFunctionName, event);
    return true;
  } catch (error) {
    log.error('submission event not published', { event, error });
    return false;
  }
}

/** The publisher Lambda's work: one PutEvents; throws on refusal so Lambda retries and then dead-letters it. */
export async function putOnBus(event: SubmissionEvent): Promise<void> {
  const c = config();
  eventBridge ??= new EventBridgeClient({ region: c.region });
  const out = await eventBridge.send(
    new PutEventsCommand({ Entries: [{ EventBusName: c.eventBusName, Source: EVENT_SOURCE, DetailType: event.type, Detail: JSON.stringify(event.detail) }] }),
  );
  if (out.FailedEntryCount)
    throw new Error(`EventBridge refused the event: ${out.Entries?.[0]?.ErrorCode ?? 'unknown'} ${out.Entries?.[0]?.ErrorMessage ?? ''}`);
}

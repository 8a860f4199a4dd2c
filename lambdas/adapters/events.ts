/**
 * Submission events for the institution's systems, on the stack's EventBridge bus (an
 * institution attaches its student-information-system integration with a rule, not code).
 *
 * Publishing never blocks or fails a submit. In AWS a route asks the publisher Lambda
 * (lambdas/events/publish-event.ts) asynchronously: Lambda queues the request, and a PutEvents
 * that fails is retried twice by Lambda and then lands in the publisher's dead-letter queue,
 * which has an alarm. The local stack appends them to a file instead (its stand-in,
 * lambdas/wiring/events.ts).
 */
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { EVENT_SOURCE, type SubmissionEvent } from '#form/wire/events';
import { config, onConfigChange } from '#lambdas/config';
import { signedInvoke } from './async-invoke';
import { log } from './log';

export { EVENT_SOURCE, type SubmissionEvent };

let eventBridge: EventBridgeClient | undefined;
onConfigChange(() => {
  eventBridge = undefined;
});

/** Queues the event for the publisher Lambda (EVENTS_FUNCTION_NAME); throws when it could not. */
export async function invokePublisher(event: SubmissionEvent): Promise<void> {
  const c = config();
  if (!c.eventsFunctionName) throw new Error('EVENTS_FUNCTION_NAME is not set');
  await signedInvoke('InvokeCommand', c.eventsFunctionName, event);
}

/** Publishes an event through `send` without ever throwing: a failure is logged with the event, so it can be replayed. */
export async function publishOrLog(send: (event: SubmissionEvent) => Promise<void>, event: SubmissionEvent): Promise<boolean> {
  try {
    await send(event);
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

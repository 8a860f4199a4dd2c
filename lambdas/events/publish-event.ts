/**
 * Puts one submission event on the bus. Invoked asynchronously by the routes (adapters/events):
 * a failure throws, Lambda retries twice, and then the event waits in the dead-letter queue
 * (with an alarm) to be replayed; the applicant's submit never waited for any of it.
 */
import { putOnBus, type SubmissionEvent } from '#adapters/events';
import { withLogContext } from '#adapters/log';

async function handle(event: SubmissionEvent): Promise<void> {
  if (!event || typeof event !== 'object' || typeof event.type !== 'string' || !event.detail) throw new Error('not a submission event');
  await putOnBus(event);
}

export const handler = withLogContext('publishEvent', handle);

/**
 * The daily sweep of recommendations (domain/recommendations/sweep.ts): the automatic reminder
 * 7 days before a link expires, and expiry with the applicant's notice. In AWS an EventBridge rule
 * invokes it once a day (lib/recommendations.ts); an operator may invoke it with
 * `{"as_of": "YYYY-MM-DD"}`. Locally the stack runs it daily and on `npm run recommendations -- sweep`.
 */
import { log, withLogContext } from '#adapters/log';
import { endOfDay, sweepRecommendations, type SweepResult } from '#domain/recommendations/sweep';
import { sweepPorts } from '#wiring/recommendations';

/** The scheduled event (its time), or an operator's `as_of` date. */
export async function runSweep(event: { as_of?: unknown; time?: unknown } | undefined): Promise<SweepResult> {
  const now =
    typeof event?.as_of === 'string'
      ? endOfDay(event.as_of)
      : typeof event?.time === 'string' && !Number.isNaN(Date.parse(event.time))
        ? new Date(event.time)
        : new Date();
  const result = await sweepRecommendations(await sweepPorts(), now);
  log.info('recommendations swept', {
    as_of: now.toISOString(),
    reminded: result.reminded.length,
    expired: result.expired.length,
    failed: result.failed.length,
  });
  // Some failed (a mail refused): the invocation fails so its alarm fires; the next run retries them.
  if (result.failed.length > 0)
    throw new Error(`${result.failed.length} recommendation(s) not swept: ${result.failed.map((f) => `${f.id}: ${f.error}`).join('; ')}`);
  return result;
}

export const handler = withLogContext('sweepRecommendations', runSweep);

/**
 * The daily expiry sweep (domain/cycles/expiry.ts): declines the offers nobody answered by their
 * reply-by day. In AWS an EventBridge Scheduler schedule invokes it once a day, just after midnight
 * on the institution's clock (lib/cycles.ts); an operator may invoke it with
 * `{"as_of": "YYYY-MM-DD", "dry_run": true}`: as of the last moment of that day on the
 * institution's clock. Locally the stack runs it daily and on `npm run cycles -- sweep`. Its answer
 * and its log are counts only (an application's id for one that failed).
 */
import type { Context } from 'aws-lambda';
import { log, withLogContext } from '#adapters/log';
import { endOfDayIn, expireOffers, type ExpiryResult } from '#domain/cycles/expiry';
import { timetable } from '#form/institution-cycles';
import { expiryPorts } from '#wiring/cycles';

/** Left for the log and the last offer's work when the Lambda stops starting new ones. */
const TIME_RESERVE_MS = 30_000;

export interface OfferSweepEvent {
  as_of?: unknown;
  dry_run?: unknown;
  time?: unknown;
}

/** The moment the sweep runs as of: the operator's day (its last moment on the institution's clock), the schedule's time, or now. */
function asOf(event: OfferSweepEvent | undefined): Date {
  if (typeof event?.as_of === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(event.as_of)) return endOfDayIn(event.as_of, timetable.timeZone);
  if (typeof event?.time === 'string' && !Number.isNaN(Date.parse(event.time))) return new Date(event.time);
  return new Date();
}

export async function runOfferSweep(event: OfferSweepEvent | undefined, context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<ExpiryResult> {
  if (event?.as_of !== undefined && (typeof event.as_of !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(event.as_of)))
    throw new Error('offers sweep: as_of is a date like 2027-05-02');
  const now = asOf(event);
  const result = await expireOffers(await expiryPorts(), now, {
    dryRun: event?.dry_run === true,
    timeIsUp: context ? () => context.getRemainingTimeInMillis() < TIME_RESERVE_MS : undefined,
    onFailure: (id, error) =>
      log.error('offers sweep: offer not done', { id, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }),
  });
  log.info('offers swept', { as_of: now.toISOString(), ...result });
  return result;
}

export const handler = withLogContext('sweepOffers', async (event: OfferSweepEvent | undefined, context?: Context): Promise<ExpiryResult> => {
  const result = await runOfferSweep(event, context);
  // Some failed: the invocation fails so its alarm fires; the next run tries them again.
  if (result.failed > 0) throw new Error(`offers sweep: ${result.failed} offer(s) not done (see the log); the next run tries again`);
  return result;
});

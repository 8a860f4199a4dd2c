/**
 * The cycles' daily sweep in the local stack: the expiry of offers nobody answered
 * (lambdas/events/sweep-offers.ts) runs once shortly after the stack starts and then every 24
 * hours, as its schedule runs it in AWS, and on demand at the development-only endpoint
 * `npm run cycles -- sweep` calls:
 *   POST /_dev/cycles/sweep {"as_of": "YYYY-MM-DD", "dry_run": true}   (both optional)
 * It runs in the stack's process, where the dev outbox is, so its e-mails land at /_dev/mail; on
 * `npm run start:bundled`, in the synthesized sweepOffers function (local/bundled/runtime.ts).
 * The answer is the sweep's counts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ExpiryResult } from '#domain/cycles/expiry';
import { runOfferSweep, type OfferSweepEvent } from '#events/sweep-offers';
import { everyDay } from './recommendations-dev';
import { answerSweep } from './retention-dev';

export const CYCLES_SWEEP_PATH = '/_dev/cycles/sweep';
/** One sweep: the source module in this process, or the synthesized function (start:bundled). */
export type OfferSweep = (event: OfferSweepEvent) => Promise<ExpiryResult>;

/** Answers the sweep endpoint; false when the path is not it. */
export function handleCyclesDevRequest(req: IncomingMessage, res: ServerResponse, path: string, sweep: OfferSweep = runOfferSweep): boolean {
  return path === CYCLES_SWEEP_PATH && answerSweep(req, res, sweep);
}

/** The daily run: once shortly after start (after retention's), then every 24 hours. */
export function scheduleDailyOfferSweep(onError: (error: unknown) => void, sweep: OfferSweep = runOfferSweep): { stop(): void } {
  return everyDay(
    async () => {
      const result = await sweep({});
      if (result.failed > 0) throw new Error(`${result.failed} offer(s) not done; the next run tries again`);
    },
    onError,
    15_000,
  );
}

/**
 * The daily retention sweep (domain/retention/sweep.ts): warns accounts never submitted before
 * they are deleted, and erases those and the submissions past the institution's policy, and removes
 * what a late writer killed before its check left of an account erased lately. In AWS
 * an EventBridge rule invokes it once a day (lib/retention.ts); an operator may invoke it with
 * `{"as_of": "YYYY-MM-DD", "dry_run": true}`. Locally the stack runs it daily and on
 * `npm run retention -- sweep`. Its answer and its log are counts only.
 *
 * It is the only Lambda allowed to delete identities, so its second event,
 * `{"erase": "<sub>", "cause": "office" | "applicant"}`, finishes the office's erasure or an
 * applicant's closing of their account: the route has deleted everything else (the office's
 * audited first), and waits while this deletes the identity (adapters/retention/identity-erasure.ts).
 */
import type { Context } from 'aws-lambda';
import { log, withLogContext } from '#adapters/log';
import { isIdentityErasure, type IdentityErasureEvent } from '#adapters/retention/identity-erasure';
import { finishOfficeErasure } from '#domain/data-rights/close-account';
import { endOfDay } from '#domain/recommendations/sweep';
import { sweepRetention, type RetentionResult } from '#domain/retention/sweep';
import { adminErasurePorts, retentionPorts } from '#wiring/retention';

/** What finishing an office's erasure answers: counts only. */
export interface IdentityErasureResult {
  items: number;
  objects: number;
}

/** An erasure a route began (the office's, or an applicant closing their account) finished from its marker, the identity included. */
export async function finishIdentityErasure(event: IdentityErasureEvent): Promise<IdentityErasureResult> {
  const { items, objects } = await finishOfficeErasure(adminErasurePorts(), event.erase);
  log.info(`${event.cause === 'office' ? 'office erasure' : 'account closure'} finished`, { sub: event.erase, items, objects });
  return { items, objects };
}

/** Left for the log and the last account's work when the Lambda stops starting new ones. */
const TIME_RESERVE_MS = 60_000;

export interface RetentionEvent {
  as_of?: unknown;
  dry_run?: unknown;
  time?: unknown;
}

/** One sweep as of the scheduled event's time, or an operator's `as_of` date (the whole of that day); its counts. */
export async function runRetentionSweep(event: RetentionEvent | undefined, context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<RetentionResult> {
  const now =
    typeof event?.as_of === 'string'
      ? endOfDay(event.as_of)
      : typeof event?.time === 'string' && !Number.isNaN(Date.parse(event.time))
        ? new Date(event.time)
        : new Date();
  const result = await sweepRetention(await retentionPorts(), now, {
    dryRun: event?.dry_run === true,
    timeIsUp: context ? () => context.getRemainingTimeInMillis() < TIME_RESERVE_MS : undefined,
    // The pseudonymous id and the reason, for whoever repairs it; never an address.
    onFailure: (sub, error) =>
      log.error('retention sweep: account not done', { sub, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }),
    // The id and the count only: what was left is never logged.
    onLeftovers: (sub, removed) =>
      log.info(
        event?.dry_run === true ? 'retention sweep: leftovers of an erased account found (dry run)' : 'retention sweep: leftovers of an erased account removed',
        { sub, removed },
      ),
  });
  log.info('retention swept', { as_of: now.toISOString(), ...result });
  return result;
}

export const handler = withLogContext(
  'sweepRetention',
  async (event: RetentionEvent | IdentityErasureEvent | undefined, context?: Context): Promise<RetentionResult | IdentityErasureResult> => {
    if (event && 'erase' in event) {
      if (!isIdentityErasure(event)) throw new Error('retention: an erasure event is {"erase": "<sub>", "cause": "office" | "applicant"}');
      return finishIdentityErasure(event);
    }
    const result = await runRetentionSweep(event, context);
    // Some failed: the invocation fails so its alarm fires; the next run tries them again.
    if (result.failed > 0) throw new Error(`retention sweep: ${result.failed} account(s) not done (see the log); the next run tries again`);
    return result;
  },
);

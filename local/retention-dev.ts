/**
 * Retention's schedule in the local stack: the sweep (lambdas/events/sweep-retention.ts) runs
 * once when the stack starts and then every 24 hours, as the daily rule runs it in AWS, and on
 * demand at the development-only endpoint `npm run retention -- sweep` calls:
 *   POST /_dev/retention/sweep {"as_of": "YYYY-MM-DD", "dry_run": true}   (both optional)
 * It runs in the stack's process, where the dev outbox is, so its warnings land at /_dev/mail; on
 * `npm run start:bundled`, in the synthesized sweepRetention function (local/bundled/runtime.ts),
 * which asks cognito-local for the accounts, as the function asks Cognito in AWS.
 * The answer is the sweep's counts, never an address.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RetentionResult } from '#domain/retention/sweep';
import { runRetentionSweep, type RetentionEvent } from '#events/sweep-retention';
import { everyDay, json, readBody } from './recommendations-dev';

export const RETENTION_SWEEP_PATH = '/_dev/retention/sweep';
/** One sweep: the source module in this process, or the synthesized function (start:bundled). */
export type RetentionSweep = (event: RetentionEvent) => Promise<RetentionResult>;

const USAGE = 'Send {"as_of": "YYYY-MM-DD", "dry_run": true} (both optional) as application/json.';

function parse(text: string): { as_of?: string; dry_run?: boolean } | string {
  let body: unknown;
  try {
    body = text.trim() ? JSON.parse(text) : {};
  } catch {
    return USAGE;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return USAGE;
  const { as_of: asOf, dry_run: dryRun } = body as Record<string, unknown>;
  if (asOf !== undefined && (typeof asOf !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(asOf) || Number.isNaN(Date.parse(`${asOf}T00:00:00Z`))))
    return 'as_of must be a date like 2027-01-31.';
  if (dryRun !== undefined && typeof dryRun !== 'boolean') return 'dry_run must be true or false.';
  return { ...(asOf === undefined ? {} : { as_of: asOf }), ...(dryRun === undefined ? {} : { dry_run: dryRun }) };
}

/** Answers the sweep endpoint; false when the path is not it. */
export function handleRetentionDevRequest(req: IncomingMessage, res: ServerResponse, path: string, sweep: RetentionSweep = runRetentionSweep): boolean {
  return path === RETENTION_SWEEP_PATH && answerSweep(req, res, sweep);
}

/**
 * A development-only sweep endpoint (retention's, the cycles' offers): POST of
 * {"as_of": "YYYY-MM-DD", "dry_run": true} as JSON, answered with the sweep's counts.
 */
export function answerSweep(req: IncomingMessage, res: ServerResponse, sweep: (event: { as_of?: string; dry_run?: boolean }) => Promise<unknown>): true {
  if (req.method !== 'POST') {
    res.setHeader('allow', 'POST');
    json(res, 405, { message: `Use POST. ${USAGE}` });
    return true;
  }
  // JSON only: a cross-site page cannot send it without a CORS preflight, which is never granted.
  if (!/^application\/json\b/.test(String(req.headers['content-type'] ?? ''))) {
    json(res, 415, { message: USAGE });
    return true;
  }
  void (async () => {
    let event: ReturnType<typeof parse>;
    try {
      event = parse(await readBody(req));
    } catch {
      return json(res, 400, { message: USAGE });
    }
    if (typeof event === 'string') return json(res, 400, { message: event });
    try {
      json(res, 200, await sweep(event));
    } catch (error) {
      json(res, 500, { message: String(error) });
    }
  })();
  return true;
}

/** The daily run: once shortly after start (after the recommendations' sweep), then every 24 hours. */
export function scheduleDailyRetention(onError: (error: unknown) => void, sweep: RetentionSweep = runRetentionSweep): { stop(): void } {
  return everyDay(
    async () => {
      const result = await sweep({});
      if (result.failed > 0) throw new Error(`${result.failed} account(s) not done; the next run tries again`);
    },
    onError,
    10_000,
  );
}

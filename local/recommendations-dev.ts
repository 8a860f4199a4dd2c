/**
 * Recommendations' schedule in the local stack: the sweep (lambdas/events/sweep-recommendations.ts)
 * runs once when the stack starts and then every 24 hours, as the daily rule runs it in AWS, and on
 * demand at the development-only endpoint `npm run recommendations -- sweep` calls:
 *   POST /_dev/recommendations/sweep {"as_of": "YYYY-MM-DD"}   (as_of optional: now)
 * It runs in the stack's process, where the dev outbox is, so its e-mails land at /_dev/mail.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { runSweep } from '#events/sweep-recommendations';

export const SWEEP_PATH = '/_dev/recommendations/sweep';
const DAY_MS = 24 * 60 * 60 * 1000;

export function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** A development endpoint's request body as text; refused past `maxBytes` (default 1 kB). */
export async function readBody(req: IncomingMessage, maxBytes = 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new Error('too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Answers the sweep endpoint; false when the path is not it. */
export function handleRecommendationsDevRequest(req: IncomingMessage, res: ServerResponse, path: string): boolean {
  if (path !== SWEEP_PATH) return false;
  if (req.method !== 'POST') {
    res.setHeader('allow', 'POST');
    json(res, 405, { message: 'Use POST with {"as_of": "YYYY-MM-DD"} (optional).' });
    return true;
  }
  // JSON only: a cross-site page cannot send it without a CORS preflight, which is never granted.
  if (!/^application\/json\b/.test(String(req.headers['content-type'] ?? ''))) {
    json(res, 415, { message: 'Send {"as_of": "YYYY-MM-DD"} as application/json.' });
    return true;
  }
  void (async () => {
    let asOf: unknown;
    try {
      const text = await readBody(req);
      asOf = text.trim() ? (JSON.parse(text) as { as_of?: unknown }).as_of : undefined;
    } catch {
      return json(res, 400, { message: 'Send {"as_of": "YYYY-MM-DD"} as JSON.' });
    }
    if (asOf !== undefined && (typeof asOf !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(asOf) || Number.isNaN(Date.parse(`${asOf}T00:00:00Z`)))) {
      return json(res, 400, { message: 'as_of must be a date like 2027-01-31.' });
    }
    try {
      json(res, 200, await runSweep(asOf === undefined ? {} : { as_of: asOf }));
    } catch (error) {
      json(res, 500, { message: String(error) });
    }
  })();
  return true;
}

/** The daily run: once shortly after start, then every 24 hours; never keeps the process alive. */
export function scheduleDailySweep(onError: (error: unknown) => void): { stop(): void } {
  return everyDay(() => runSweep({}), onError, 5_000);
}

/** Runs `job` `firstAfterMs` after now and then every 24 hours, like a daily rule; the timers never keep the process alive. */
export function everyDay(job: () => Promise<unknown>, onError: (error: unknown) => void, firstAfterMs: number): { stop(): void } {
  const run = () => void job().catch(onError);
  const first = setTimeout(run, firstAfterMs);
  const daily = setInterval(run, DAY_MS);
  first.unref();
  daily.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(daily);
    },
  };
}

/** The load report's split of slow calls between the client and the API process. */
import type { RequestTrace } from '#local/metrics';

export interface TailSplit {
  /** How many calls the slowest 1 % are, and the range of their client-side durations. */
  n: number;
  fromMs: number;
  toMs: number;
  beforeMs: number;
  insideMs: number;
  afterMs: number;
}

/**
 * Where the slowest 1 % of a route's calls spent their time, from the client's and the stack's
 * times for the same requests: before the API process read the request (waiting for its event
 * loop or a CPU, or on the wire), inside it, and after it (wire and client). `route` undefined:
 * every API call of the phase.
 */
export function tailSplit(
  traces: readonly RequestTrace[],
  times: ReadonlyMap<string, { startedAt: number; endedAt?: number }>,
  route?: string,
): TailSplit | undefined {
  const calls = traces.flatMap((t) => {
    const c = times.get(t.id);
    return (route === undefined || t.route === route) && c?.endedAt !== undefined
      ? [{ total: c.endedAt - c.startedAt, before: t.arrivedAt - c.startedAt, inside: t.doneAt - t.arrivedAt, after: c.endedAt - t.doneAt }]
      : [];
  });
  if (!calls.length) return undefined;
  const slowest = calls.sort((a, b) => b.total - a.total).slice(0, Math.ceil(calls.length / 100));
  const mean = (k: 'before' | 'inside' | 'after') => slowest.reduce((sum, c) => sum + c[k], 0) / slowest.length;
  return {
    n: slowest.length,
    fromMs: slowest.at(-1)!.total,
    toMs: slowest[0]!.total,
    beforeMs: mean('before'),
    insideMs: mean('inside'),
    afterMs: mean('after'),
  };
}

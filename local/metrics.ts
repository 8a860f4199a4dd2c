/**
 * Server-side timings of the local stack, read by `npm run bench:load` from /_dev/metrics.json:
 * how long each route took inside this process (from the request's arrival to its last byte)
 * and how late this process's event loop ran. Set against the client's figures they tell
 * time spent in a handler from time spent waiting for a CPU.
 */
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

const MAX_SAMPLES_PER_ROUTE = 50_000;
const MAX_TRACES = 100_000;

/**
 * A request carrying this header (the load benchmark's client sets it; local stack only) is
 * also timed on its own, by id, in wall-clock milliseconds: set beside the client's own times
 * for the same id, they split a slow call into the wait before this process read it, the time
 * inside it, and the wire and client after it.
 */
export const LOAD_TRACE_HEADER = 'x-load-trace';

export interface RequestTrace {
  id: string;
  route: string;
  /** performance.timeOrigin + performance.now() at the request's arrival and at its end. */
  arrivedAt: number;
  doneAt: number;
}

export class StackMetrics {
  private readonly durations = new Map<string, number[]>();
  private readonly traces: RequestTrace[] = [];
  private readonly loop: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });

  constructor() {
    this.loop.enable();
  }

  record(route: string, ms: number): void {
    const list = this.durations.get(route) ?? this.durations.set(route, []).get(route)!;
    if (list.length < MAX_SAMPLES_PER_ROUTE) list.push(ms);
  }

  trace(t: RequestTrace): void {
    if (this.traces.length < MAX_TRACES) this.traces.push(t);
  }

  /** Clears what was measured so far (a benchmark's warm-up). */
  reset(): void {
    this.durations.clear();
    this.traces.length = 0;
    this.loop.reset();
  }

  snapshot(): { routes: Record<string, number[]>; traces: RequestTrace[]; eventLoopDelayMs: { p50: number; p99: number; max: number } } {
    const ms = (ns: number) => Math.round(ns / 1e4) / 100;
    return {
      routes: Object.fromEntries(this.durations),
      traces: this.traces,
      eventLoopDelayMs: { p50: ms(this.loop.percentile(50)), p99: ms(this.loop.percentile(99)), max: ms(this.loop.max) },
    };
  }

  stop(): void {
    this.loop.disable();
  }
}

/**
 * Server-side timings of the local stack, read by `npm run bench:load` from /_dev/metrics.json:
 * how long each route took inside this process (from the request's arrival to its last byte)
 * and how late this process's event loop ran. Set against the client's figures they tell
 * time spent in a handler from time spent waiting for a CPU.
 */
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

const MAX_SAMPLES_PER_ROUTE = 50_000;

export class StackMetrics {
  private readonly durations = new Map<string, number[]>();
  private readonly loop: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });

  constructor() {
    this.loop.enable();
  }

  record(route: string, ms: number): void {
    const list = this.durations.get(route) ?? this.durations.set(route, []).get(route)!;
    if (list.length < MAX_SAMPLES_PER_ROUTE) list.push(ms);
  }

  /** Clears what was measured so far (a benchmark's warm-up). */
  reset(): void {
    this.durations.clear();
    this.loop.reset();
  }

  snapshot(): { routes: Record<string, number[]>; eventLoopDelayMs: { p50: number; p99: number; max: number } } {
    const ms = (ns: number) => Math.round(ns / 1e4) / 100;
    return {
      routes: Object.fromEntries(this.durations),
      eventLoopDelayMs: { p50: ms(this.loop.percentile(50)), p99: ms(this.loop.percentile(99)), max: ms(this.loop.max) },
    };
  }

  stop(): void {
    this.loop.disable();
  }
}

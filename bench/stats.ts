/** Small helpers shared by the benchmarks: timing loops, percentiles and a uniform report line. */

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

/** The middle sample (the lower of the two middle ones for an even count), as `summarise`'s p50. */
export const median = (samples: readonly number[]): number =>
  percentile(
    [...samples].sort((a, b) => a - b),
    50,
  );

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
}

export function summarise(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((s, v) => s + v, 0) / Math.max(1, sorted.length);
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), mean };
}

/** Runs `fn` `warmup` times unmeasured, then `n` times sequentially, returning milliseconds per call. */
export async function time(fn: () => Promise<unknown>, n: number, warmup = Math.min(50, n)): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return samples;
}

export const ms = (v: number) => `${v.toFixed(2)} ms`;

/** One line per measurement: name, p50, p99, and against a baseline the ratios and the verdict. */
export function report(name: string, s: Summary, baseline?: Summary, budget?: number): string {
  let line = `${name.padEnd(44)} p50 ${ms(s.p50).padStart(10)}  p99 ${ms(s.p99).padStart(10)}`;
  if (baseline) {
    const r50 = s.p50 / baseline.p50;
    const r99 = s.p99 / baseline.p99;
    line += `  ratio p50 ${r50.toFixed(2)}×  p99 ${r99.toFixed(2)}×`;
    if (budget !== undefined) line += r50 <= budget && r99 <= budget ? `  within ${budget}×` : `  OVER ${budget}× budget`;
  }
  return line;
}

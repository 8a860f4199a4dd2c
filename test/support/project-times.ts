/**
 * A Vitest reporter that ends `npm test` with the time each project took, so a slower suite says
 * where the time went (the guide's budget is about 10 minutes on two cores). Projects run side by
 * side, so each gets its span on the run's clock (first file started → last file ended, seconds
 * after the run began), the sum of its files' own durations and how many of its files ran at once
 * on average (sum / span); the slowest files follow. Every file's times go to
 * .test-data/test-times.json (TEST_TIMES_FILE), so a CI run's whole profile can be read afterwards,
 * not only its slowest files.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export interface FileTime {
  project: string;
  file: string;
  tests: number;
  /** Milliseconds after the run began. */
  start: number;
  end: number;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The summary lines: one per project in the order each started, then the `slowest` files. */
export function projectTimes(files: readonly FileTime[], total: number, slowest = 8): string[] {
  const projects = new Map<string, FileTime[]>();
  for (const f of [...files].sort((a, b) => a.start - b.start)) projects.set(f.project, [...(projects.get(f.project) ?? []), f]);
  const width = Math.max(8, ...[...projects.keys()].map((p) => p.length));
  const lines = [`Time per project (run ${seconds(total)}; span on the run's clock, and the sum of the files' own time)`];
  for (const [name, own] of projects) {
    const start = Math.min(...own.map((f) => f.start));
    const end = Math.max(...own.map((f) => f.end));
    const sum = own.reduce((s, f) => s + (f.end - f.start), 0);
    const tests = own.reduce((s, f) => s + f.tests, 0);
    const atOnce = end > start ? (sum / (end - start)).toFixed(1) : '-';
    lines.push(
      `  ${name.padEnd(width)} ${String(own.length).padStart(4)} files ${String(tests).padStart(5)} tests   ${seconds(start).padStart(8)} → ${seconds(end).padStart(8)}   sum ${seconds(sum).padStart(8)}   ${atOnce.padStart(4)} at once`,
    );
  }
  const slow = [...files].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, slowest);
  if (slow.length) {
    lines.push('Slowest files');
    for (const f of slow) lines.push(`  ${seconds(f.end - f.start).padStart(8)}  ${f.project}  ${f.file}`);
  }
  return lines;
}

/** A file's own time: its environment, harness, imports and setup files, then its tests and hooks. */
function ownTime(module: TestModule): number {
  const d = module.diagnostic();
  return d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
}

export default class ProjectTimes implements Reporter {
  private runStart = performance.now();
  private readonly files: FileTime[] = [];

  onTestRunStart(): void {
    this.runStart = performance.now();
  }

  onTestModuleEnd(module: TestModule): void {
    const end = performance.now() - this.runStart;
    this.files.push({
      project: module.project.name,
      file: module.relativeModuleId,
      tests: [...module.children.allTests()].length,
      start: Math.max(0, end - ownTime(module)),
      end,
    });
  }

  onTestRunEnd(): void {
    if (this.files.length === 0) return;
    const total = performance.now() - this.runStart;
    process.stdout.write(`\n${projectTimes(this.files, total).join('\n')}\n`);
    const out = resolve(process.env.TEST_TIMES_FILE ?? '.test-data/test-times.json');
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify({ total, files: [...this.files].sort((a, b) => a.start - b.start) }, null, 1)}\n`);
  }
}

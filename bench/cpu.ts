/**
 * CPU time by process over a benchmark phase, from /proc (Linux only; elsewhere it reports
 * nothing). On a 2-core machine the load generator, the stack, dynalite, the event runtime and
 * Chromium share the same cores; this shows which of them the time went to, and how much the
 * hypervisor took from this virtual machine meanwhile (steal time: no process here ran), and the
 * peak resident memory of the largest process of each kind (the young-generation size the stack's
 * V8 flags choose trades memory for less garbage-collection time; this shows what it costs).
 */
import { readFileSync, readdirSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

/** Names a process by what it runs. */
function classify(cmdline: string): string | undefined {
  if (/chrom/i.test(cmdline)) return 'Chromium (PDF renders)';
  if (cmdline.includes('dynalite-child')) return 'dynalite (DynamoDB)';
  if (cmdline.includes('s3rver-child')) return 'S3 (s3rver)';
  if (cmdline.includes('event-runtime-child')) return 'event runtime (conversion, render)';
  if (cmdline.includes('local/main.ts')) return 'stack (API, identity)';
  if (cmdline.includes('bench/load.ts')) return 'load generator';
  return undefined;
}

/** A key for the pseudo-process "time the hypervisor took from this VM's CPUs". */
const STEAL = -1;
export const STEAL_NAME = 'hypervisor (steal time)';

/** Steal time of all CPUs from /proc/stat: a virtual machine's CPUs running another guest meanwhile. */
function stealTicks(): number | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/);
    return fields[8] === undefined ? undefined : Number(fields[8]);
  } catch {
    return undefined;
  }
}

/** The process's peak resident set size in MB (VmHWM), if it can be read. */
function peakRssMb(pid: string): number {
  const m = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

interface Sample {
  name: string;
  ticks: number;
  peakMb: number;
}

function sample(): Map<number, Sample> {
  const out = new Map<number, Sample>();
  const steal = stealTicks();
  if (steal !== undefined) out.set(STEAL, { name: STEAL_NAME, ticks: steal, peakMb: 0 });
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return out;
  }
  for (const pid of pids) {
    try {
      const name = classify(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '));
      if (!name) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the parenthesised command name: utime, stime, then cutime and cstime (the
      // time of children it has reaped: Chromium's zygote reaps each short-lived renderer).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(pid), { name, ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]), peakMb: peakRssMb(pid) });
    } catch {
      /* the process ended between listing and reading */
    }
  }
  return out;
}

export class CpuMeter {
  private readonly first = sample();
  private readonly last = new Map<number, Sample>();
  private readonly timer: NodeJS.Timeout;
  private readonly started = performance.now();
  /** CPU seconds per process kind at each sample, for per-window figures. */
  readonly history: Array<{ at: number; seconds: Map<string, number> }> = [];

  /** Samples every second so that processes which end during the phase (Chromium) still count. */
  constructor() {
    this.timer = setInterval(() => this.take(), 1000);
    this.timer.unref();
  }

  private take(): void {
    for (const [pid, s] of sample()) this.last.set(pid, s);
    this.history.push({ at: performance.now(), seconds: this.totals() });
  }

  private totals(): Map<string, number> {
    const byName = new Map<string, number>();
    for (const [pid, s] of this.last) {
      const ticks = s.ticks - (this.first.get(pid)?.ticks ?? 0);
      byName.set(s.name, (byName.get(s.name) ?? 0) + ticks / TICKS_PER_SECOND);
    }
    return byName;
  }

  /** Share of one core each process kind used between two instants (performance.now()). */
  between(from: number, to: number): Map<string, number> {
    const at = (t: number) => [...this.history].reverse().find((h) => h.at <= t)?.seconds ?? new Map<string, number>();
    const a = at(from);
    const b = at(to);
    const out = new Map<string, number>();
    for (const [name, sec] of b) out.set(name, (sec - (a.get(name) ?? 0)) / ((to - from) / 1000));
    return out;
  }

  /** CPU seconds per process kind since the meter started, and its largest process's peak memory. */
  stop(): Array<{ name: string; seconds: number; peakMb: number }> {
    clearInterval(this.timer);
    this.take();
    const peak = new Map<string, number>();
    for (const s of this.last.values()) peak.set(s.name, Math.max(peak.get(s.name) ?? 0, s.peakMb));
    return [...this.totals()].map(([name, seconds]) => ({ name, seconds, peakMb: peak.get(name) ?? 0 })).sort((a, b) => b.seconds - a.seconds);
  }
}

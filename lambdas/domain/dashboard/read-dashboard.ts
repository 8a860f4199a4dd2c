/**
 * GET /staff/api/dashboard: a cycle's numbers, read from its counter items (one query) and the
 * previous cycle's (one more) and this week's reviews per reader (one more); no application is
 * read. The counters are kept as applications change (counters.ts).
 *
 * Before those reads, the counters' change number and the started count (one small read): a reply
 * this process made at the same number, for the same cycle on the same day, less than a minute
 * ago, is the reply again, with the started count read now. Every counting write but a start's
 * raises the number after its ADDs, so a kept reply is never older than the counters; the minute
 * bounds what a writer that failed between its ADDs and the number leaves.
 */
import { dayIn } from '#form/calendar';
import type { Timetable } from '#form/institution-cycles';
import { officeCycle } from '#form/office-cycle';
import { cycleById } from '#form/timetable';
import type { CycleConfig } from '#form/types';
import { DASHBOARD_STAGES, DASHBOARD_STAGE_LABELS, type DashboardReply, type DashboardSegment, type DashboardStage } from '#form/wire/dashboard';
import { DECISIONS, DECISION_LABELS, replyMadeInWords } from '#form/wire/decision-words';
import { OFFICE_STATUSES, OFFICE_STATUS_LABELS } from '#form/wire/office-status';
import { Invalid } from '../errors';
import type { CounterItem, DashboardCounters } from '../ports/dashboard';
import { OFFICE_REPLIES, segmentOf, weekOf } from './counters';

export interface DashboardPorts {
  counters: DashboardCounters;
  timetable: Timetable;
  now: () => Date;
  /** The replies this process made (one per cycle and day), kept between requests. */
  memory?: DashboardMemory;
}

export type DashboardMemory = Map<string, { version: number; at: number; reply: DashboardReply }>;
/** How long a kept reply may be given again while the change number stands still. */
export const DASHBOARD_MEMORY_MS = 60_000;

/** The longest series of days drawn: a cycle is about a year. */
const MAX_DAYS = 400;
const DAY_MS = 86_400_000;

type Totals = Record<string, number>;

function totalsOf(items: readonly CounterItem[]): Totals {
  const totals: Totals = {};
  for (const { item, counts } of items) if (item.startsWith('seg#')) for (const [field, n] of Object.entries(counts)) totals[field] = (totals[field] ?? 0) + n;
  return totals;
}

/** Submissions per day (YYYY-MM-DD) of a cycle's counter items. */
function perDay(items: readonly CounterItem[]): Map<string, number> {
  const days = new Map<string, number>();
  for (const { item, counts } of items) if (item.startsWith('day#')) days.set(item.slice(4), counts.submitted ?? 0);
  return days;
}

const addDays = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00.000Z`) + n * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / DAY_MS);

/** Running totals from the cycle's opening day: `upTo` days (0 is the opening day). */
function runningTotals(opens: string, days: Map<string, number>, upTo: number): number[] {
  // Submissions dated before the opening (none should be) count on day 0.
  let total = [...days].filter(([d]) => d < opens).reduce((sum, [, n]) => sum + n, 0);
  const out: number[] = [];
  for (let i = 0; i <= upTo; i++) {
    total += days.get(addDays(opens, i)) ?? 0;
    out.push(total);
  }
  return out;
}

function segmentsOf(items: readonly CounterItem[], t: Timetable, cycleId: string): DashboardSegment[] {
  const rounds = cycleById(t.cycles, cycleId)?.rounds ?? [];
  const segments: DashboardSegment[] = [];
  for (const { item, counts, labels } of items) {
    const s = segmentOf(item);
    if (!s) continue;
    const stageCounts = Object.fromEntries(DASHBOARD_STAGES.filter((k) => k !== 'started').map((k) => [k, counts[k] ?? 0])) as DashboardSegment['counts'];
    // A segment every application has left stays as an item of zeros: not shown.
    if (Object.values(counts).every((n) => n === 0)) continue;
    segments.push({
      ...s,
      round_label: rounds.find((r) => r.id === s.round)?.label ?? s.round,
      term_label: labels.term_label || s.term,
      major_label: labels.major_label || s.major,
      counts: stageCounts,
    });
  }
  return segments.sort(
    (a, b) => a.round_label.localeCompare(b.round_label) || a.term_label.localeCompare(b.term_label) || a.major_label.localeCompare(b.major_label),
  );
}

export async function readDashboard(ports: DashboardPorts, query: { cycle?: string }): Promise<DashboardReply> {
  const t = ports.timetable;
  const now = ports.now();
  const cycle = query.cycle ? cycleById(t.cycles, query.cycle) : officeCycle(t, now);
  if (!cycle) {
    if (query.cycle) throw new Invalid(`There is no cycle “${query.cycle}”: the cycles are ${t.cycles.map((c) => `${c.id} (${c.label})`).join(', ')}.`);
    throw new Invalid('No admission cycle is configured.');
  }
  const previous = t.cycles[t.cycles.indexOf(cycle) - 1];
  const today = dayIn(now, t.timeZone);
  const memoryKey = `${cycle.id}\n${today}`;
  const { version, started } = await ports.counters.now(cycle.id);
  const kept = ports.memory?.get(memoryKey);
  if (kept && kept.version === version && now.getTime() - kept.at < DASHBOARD_MEMORY_MS && now.getTime() >= kept.at) return withStarted(kept.reply, started);
  const reply = withStarted(await countedReply(ports, cycle, previous, today), started);
  if (ports.memory) {
    // One reply per cycle, today's: yesterday's are never asked for again.
    for (const key of ports.memory.keys()) if (!key.endsWith(`\n${today}`)) ports.memory.delete(key);
    ports.memory.set(memoryKey, { version, at: now.getTime(), reply });
  }
  return reply;
}

/** The reply with the started count read now: starts do not move the change number (dashboard-version.ts). */
const withStarted = (reply: DashboardReply, started: number): DashboardReply => ({
  ...reply,
  stages: reply.stages.map((s) => (s.key === 'started' ? { ...s, count: started } : s)),
});

async function countedReply(ports: DashboardPorts, cycle: CycleConfig, previous: CycleConfig | undefined, today: string): Promise<DashboardReply> {
  const t = ports.timetable;
  const week = weekOf(today);
  const [items, previousItems, readers] = await Promise.all([
    ports.counters.readCycle(cycle.id),
    previous ? ports.counters.readCycle(previous.id) : Promise.resolve([]),
    ports.counters.readReaders(week),
  ]);

  const totals = totalsOf(items);
  // The started count is the caller's (read with the change number); 0 here.
  const stageCount = (stage: DashboardStage): number => (stage === 'started' ? 0 : (totals[stage] ?? 0));

  // Days from the opening: to today while the cycle runs, to its last submission once it is over.
  const days = perDay(items);
  const lastSubmission = [...days.keys()].sort().at(-1);
  const end = today >= cycle.opens && (!lastSubmission || today >= lastSubmission) ? today : (lastSubmission ?? cycle.opens);
  const upTo = Math.min(Math.max(daysBetween(cycle.opens, end), 0), MAX_DAYS);
  const running = runningTotals(cycle.opens, days, upTo);
  const previousRunning = previous ? runningTotals(previous.opens, perDay(previousItems), upTo) : undefined;
  const seriesDays =
    end < cycle.opens ? [] : running.map((total, day) => ({ day, date: addDays(cycle.opens, day), total, previous_total: previousRunning?.[day] ?? null }));
  const last = seriesDays.at(-1);

  const accepted = totals.accepted ?? 0;
  const admitted = totals.admitted ?? 0;
  return {
    cycle: cycle.id,
    cycle_label: cycle.label,
    cycles: t.cycles.map((c) => ({ id: c.id, label: c.label })),
    previous_cycle: previous ? { id: previous.id, label: previous.label } : null,
    stages: DASHBOARD_STAGES.map((key) => ({ key, label: DASHBOARD_STAGE_LABELS[key], count: stageCount(key) })),
    statuses: OFFICE_STATUSES.map((key) => ({ key, label: OFFICE_STATUS_LABELS[key], count: totals[`status_${key}`] ?? 0 })),
    decisions: DECISIONS.map((key) => ({ key, label: DECISION_LABELS[key], count: totals[`decision_${key}`] ?? 0 })),
    replies: OFFICE_REPLIES.map((key) => ({ key, label: replyMadeInWords(key), count: totals[`reply_${key}`] ?? 0 })),
    segments: segmentsOf(items, t, cycle.id),
    days: seriesDays,
    so_far: { day: last?.day ?? 0, this_cycle: last?.total ?? 0, previous_cycle: last ? last.previous_total : previous ? 0 : null },
    readers: { week, rows: readers.filter((r) => r.reviews > 0).sort((a, b) => b.reviews - a.reviews || a.reader.localeCompare(b.reader)) },
    yield: { accepted, admitted, percent: admitted ? Math.round((accepted / admitted) * 1000) / 10 : null },
  };
}

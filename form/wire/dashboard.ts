/**
 * The office's dashboard (issue 39, item 7): counts of a cycle's applications at each stage, by
 * round, term and major, submissions per day against the previous cycle, reviews per reader this
 * week and the yield. What GET /staff/api/dashboard answers; the console draws each part as a
 * chart with its table beside it and a CSV of that table.
 */
import { queryInput } from './input';
import { parseCycleOnly } from './staff';

export const DASHBOARD_STAGES = ['started', 'submitted', 'complete', 'reviewed', 'decided', 'released', 'accepted', 'declined'] as const;
export type DashboardStage = (typeof DASHBOARD_STAGES)[number];

export const DASHBOARD_STAGE_LABELS: Record<DashboardStage, string> = {
  started: 'Started',
  submitted: 'Submitted',
  complete: 'Complete',
  reviewed: 'Reviewed',
  decided: 'Decided',
  released: 'Released',
  accepted: 'Accepted',
  declined: 'Declined',
};

export interface DashboardCount<K extends string> {
  key: K;
  label: string;
  count: number;
}

/** One segment of the cycle: a round, a term and a major, with its applications at each stage (started is counted per cycle only). */
export interface DashboardSegment {
  round: string;
  round_label: string;
  term: string;
  term_label: string;
  major: string;
  major_label: string;
  counts: Record<Exclude<DashboardStage, 'started'>, number>;
}

/** Day `day` of the cycle (0: the day it opened): submissions so far this cycle and, on the same day of the previous cycle, then. */
export interface DashboardDay {
  day: number;
  date: string;
  total: number;
  previous_total: number | null;
}

export interface DashboardReply {
  cycle: string;
  cycle_label: string;
  cycles: Array<{ id: string; label: string }>;
  previous_cycle: { id: string; label: string } | null;
  stages: Array<DashboardCount<DashboardStage>>;
  statuses: Array<DashboardCount<string>>;
  decisions: Array<DashboardCount<string>>;
  replies: Array<DashboardCount<string>>;
  segments: DashboardSegment[];
  days: DashboardDay[];
  /** Submissions so far this cycle and by the same day of the previous cycle. */
  so_far: { day: number; this_cycle: number; previous_cycle: number | null };
  /** Reviews recorded this week (from Monday, on the institution's clock) per reader, most first. */
  readers: { week: string; rows: Array<{ reader: string; reviews: number }> };
  /** Accepted of admitted (a released Admit); percent is null when none is admitted. */
  yield: { accepted: number; admitted: number; percent: number | null };
}

/** The dashboard's one parameter: a configured cycle's id (checked against the timetable); none, the office's current cycle. */
export const readDashboardInput = queryInput<{ cycle?: string }>()(parseCycleOnly);

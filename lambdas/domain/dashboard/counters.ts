/**
 * The dashboard's counters (issue 39, item 7): what one submitted application counts for, as a
 * set of cells, and the change of the counters between two of its states. The counters are kept
 * as applications change (adapters/store/dashboard-counters.ts): each write that changes an
 * application's office state sets the cells it counts for beside it and adds the difference to
 * the counters, so the dashboard reads a few counter items and never the applications.
 *
 * A cell is `<cycle>` `<item>` `<field>`: the counter item of a cycle (a segment of round, term
 * and major, or a day) and the number on it. Every field of a segment is a count of applications
 * in that segment at one stage; a day's `submitted` counts the submissions of that day.
 */
import { dayIn } from '#form/calendar';
import { DECISIONS, type Decision, type OfficeReply } from '#form/wire/decision-words';
import { OFFICE_STATUSES, type OfficeStatus } from '#form/wire/office-status';

/** The stages of the funnel, each a count of applications that are there now. */
export const FUNNEL_STAGES = ['submitted', 'complete', 'reviewed', 'decided', 'released', 'accepted', 'declined'] as const;

export const OFFICE_REPLIES = ['accept', 'decline', 'join_waitlist', 'expired'] as const satisfies readonly OfficeReply[];

/** Every field of a segment's counter item. */
export const SEGMENT_FIELDS = [
  ...FUNNEL_STAGES,
  // The yield's denominator: a released Admit.
  'admitted',
  ...OFFICE_STATUSES.map((s) => `status_${s}` as const),
  ...DECISIONS.map((d) => `decision_${d}` as const),
  ...OFFICE_REPLIES.map((r) => `reply_${r}` as const),
] as const;
export type SegmentField = (typeof SEGMENT_FIELDS)[number];

/** What the counters need of a submitted application (the answers item's attributes, read by the adapter). */
export interface CountedApplication {
  /** Its cycle (the first configured one for an application submitted before cycles). */
  cycle: string;
  /** Its round's id ('' before cycles). */
  round: string;
  term: string;
  termLabel: string;
  major: string;
  majorLabel: string;
  /** When it was submitted (ISO). */
  submittedAt: string;
  complete: boolean;
  /** At least one review. */
  reviewed: boolean;
  status: OfficeStatus;
  decision?: Decision | undefined;
  reply?: OfficeReply | undefined;
}

/** A segment of a cycle: its round, term and major (the ids as stored). */
export interface Segment {
  round: string;
  term: string;
  major: string;
}

const SEP = '\u001f';

/** The counter item of a segment; the parts are encoded so that an id holding `#` stays one part. */
export const segmentItem = (s: Segment): string => `seg#${[s.round, s.term, s.major].map(encodeURIComponent).join('#')}`;
export function segmentOf(item: string): Segment | undefined {
  if (!item.startsWith('seg#')) return undefined;
  const [round, term, major] = item.slice(4).split('#').map(decodeURIComponent);
  return round === undefined || term === undefined || major === undefined ? undefined : { round, term, major };
}
/** The counter item of a day's submissions (YYYY-MM-DD on the institution's clock). */
export const dayItem = (day: string): string => `day#${day}`;

export const cell = (cycle: string, item: string, field: string): string => [cycle, item, field].join(SEP);
export function cellParts(c: string): { cycle: string; item: string; field: string } {
  const [cycle = '', item = '', field = ''] = c.split(SEP);
  return { cycle, item, field };
}

/** The fields of its segment an application counts for now. */
export function fieldsOf(app: CountedApplication): SegmentField[] {
  const fields: SegmentField[] = ['submitted', `status_${app.status}`];
  if (app.complete) fields.push('complete');
  if (app.reviewed) fields.push('reviewed');
  if (app.decision) fields.push('decided', `decision_${app.decision}`);
  if (app.status === 'released') fields.push('released');
  if (app.status === 'released' && app.decision === 'admit') fields.push('admitted');
  if (app.reply) fields.push(`reply_${app.reply}`);
  if (app.reply === 'accept') fields.push('accepted');
  if (app.reply === 'decline' || app.reply === 'expired') fields.push('declined');
  return fields;
}

/** Every cell an application counts for (none for an application not submitted or erased). */
export function cellsOf(app: CountedApplication | undefined, timeZone: string): string[] {
  if (!app) return [];
  const segment = segmentItem(app);
  return [...fieldsOf(app).map((f) => cell(app.cycle, segment, f)), cell(app.cycle, dayItem(dayIn(new Date(app.submittedAt), timeZone)), 'submitted')].sort();
}

/** The labels a segment's counter item keeps beside its counts, so the dashboard names a term or major as the application did. */
export const segmentLabels = (app: CountedApplication): Record<string, string> => ({ term_label: app.termLabel, major_label: app.majorLabel });

/** One counter item's change: the numbers to add to its fields. */
export interface CounterChange {
  cycle: string;
  item: string;
  add: Record<string, number>;
}

/**
 * What to add to the counters when an application counting for `before` comes to count for
 * `after`: -1 for each cell left, +1 for each cell entered, grouped by counter item. Nothing when
 * they are the same.
 */
export function countersChange(before: readonly string[], after: readonly string[]): CounterChange[] {
  const delta = new Map<string, number>();
  for (const c of before) delta.set(c, (delta.get(c) ?? 0) - 1);
  for (const c of after) delta.set(c, (delta.get(c) ?? 0) + 1);
  const items = new Map<string, CounterChange>();
  for (const [c, n] of delta) {
    if (n === 0) continue;
    const { cycle, item, field } = cellParts(c);
    const key = cell(cycle, item, '');
    const change = items.get(key) ?? { cycle, item, add: {} };
    change.add[field] = n;
    items.set(key, change);
  }
  return [...items.values()];
}

/** The same cells, whatever their order. */
export const sameCells = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().every((c, i) => c === [...b].sort()[i]);

/** A reader's reviews in a week (from its Monday, on the institution's clock): a new review counts, a revision does not. */
export const REVIEWS_FIELD = 'reviews';

/** The Monday (YYYY-MM-DD) of the week holding a day (YYYY-MM-DD). */
export function weekOf(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  const back = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

/** Every counter item's numbers for these applications' cells (a recount): the sum of one per cell, by counter item. */
export const tally = (cells: Iterable<readonly string[]>): CounterChange[] => countersChange([], [...cells].flat());

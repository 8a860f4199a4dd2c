/**
 * What `npm run bench -- office` asks and how it judges (bench/office.ts): the list's cases, the
 * seeded applications' mix of reviews, decisions and completeness, and the goals of issue 39
 * item 9. Pure, so a unit test holds them.
 */

/** One query of the staff list: a row of the report. The round ids are the sample institution's (institutions/example-state). */
export interface ListCase {
  name: string;
  query: Readonly<Record<string, string>>;
}

/**
 * The list's first page with two filters and a sort, newest submitted first (the default sort):
 * a common pair (a page fills from the first index read) and a rare one (the query reads on,
 * batch after batch, to fill a page). A case with `sort` (`{ status, round, sort: 'name' }`) is one more row.
 */
export const LIST_CASES: readonly ListCase[] = [
  { name: 'in review, Regular Decision, newest first', query: { status: 'in_review', round: 'rd' } },
  { name: 'decided, Early Action, newest first', query: { status: 'decided', round: 'ea' } },
  // The list's other orders, each on its own index (issue 39 item 6): a decider's view.
  { name: 'in review, Regular Decision, by last name', query: { status: 'in_review', round: 'rd', sort: 'name' } },
  { name: 'in review, complete, highest average score first', query: { status: 'in_review', complete: 'true', sort: 'score' } },
  { name: 'submitted, Early Decision, last change first', query: { status: 'submitted', round: 'ed', sort: 'changed' } },
];

export const listPath = (c: ListCase): string => `/staff/api/applications?${new URLSearchParams(c.query).toString()}`;

/** The issue's goals: the dashboard's p95 within 2× of one GetItem's, the list's within 2× of its own queries'. */
export const GOAL_RATIO = 2;

export interface Verdict {
  ratio: number;
  met: boolean;
}

/** A route's p95 against its baseline's: met when the ratio is at most the goal (printed, never asserted). */
export function verdict(routeP95: number, baselineP95: number, goal = GOAL_RATIO): Verdict {
  const ratio = routeP95 / baselineP95;
  return { ratio, met: Number.isFinite(ratio) && ratio <= goal };
}

export const verdictText = (v: Verdict, goal = GOAL_RATIO): string => `${v.ratio.toFixed(2)}× (goal ≤ ${goal}×: ${v.met ? 'met' : 'NOT met'})`;

/** What happens to a seeded application after its submission. */
export interface SeedShape {
  /** Reviews by its assigned readers, in their order (at most the readers it has). */
  reviews: 0 | 1 | 2;
  /** A decision recorded once two reviews are in. */
  decide: boolean;
  /** Every required item received (the completeness the list filters on). */
  complete: boolean;
}

/**
 * An application's shape by its number, out of every 20: 9 waiting for a first read, 6 read once,
 * 2 read twice and still in review, 3 decided; 11 complete. Spread by primes over the numbers so
 * the shapes mix across rounds and days.
 */
export function seedShape(index: number): SeedShape {
  const read = (index * 7) % 20;
  const reviews = read < 9 ? 0 : read < 15 ? 1 : 2;
  return { reviews, decide: read >= 17, complete: (index * 13) % 20 < 11 };
}

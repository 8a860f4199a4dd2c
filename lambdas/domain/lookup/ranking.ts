/**
 * How well one query word matched a record. Lower is better and the costs of all query words
 * add up. The order encodes the product rule "prefix matches on name words first, then city":
 * any clean name match beats a place match, and any clean match beats one that needs a typo.
 */
export enum MatchKind {
  Exact = 0,
  Prefix = 1,
  TypoExact = 2,
  TypoPrefix = 3,
}

export enum Tier {
  /** The label: school name, or street line for addresses. */
  Name = 0,
  /** City, state code, zip. */
  Place = 1,
}

const COST: readonly (readonly number[])[] = [
  // Exact, Prefix, TypoExact, TypoPrefix
  [0, 1, 4, 5], // Name
  [2, 3, 6, 7], // Place
];

/** Above every real cost: marks "this query word matched nothing in this record". */
export const NO_MATCH = 255;

export function matchCost(tier: Tier, kind: MatchKind): number {
  return COST[tier]![kind]!;
}

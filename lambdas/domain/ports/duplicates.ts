/**
 * Possible duplicates as the use-cases need them (domain/duplicates/). Adapter:
 * adapters/store/duplicates-store.ts.
 */
import type { DuplicateRule, DuplicateState, DuplicateVerdict } from '#form/wire/duplicates';

/**
 * One value an application is found by under a rule: `register` is what it is filed under,
 * `lookup` what it finds (the same, but for swapped names: filed as written, looked up swapped).
 */
export interface MatchKey {
  rule: DuplicateRule;
  register: string;
  lookup: string;
}

/** A flag between two applications, as kept on each side. */
export interface DuplicatePair {
  /** The other application. */
  other: string;
  rules: DuplicateRule[];
  state: DuplicateState;
  flaggedAt: string;
  by?: string;
  at?: string;
}

/** How many applications filed under one value a submission reads (the newest). */
export const HOLDERS_READ = 10;

export interface DuplicateStore {
  /** Files the application under each key's `register` value in its cycle, in submission order (idempotent), and keeps the list for its erasure. */
  register(cycle: string, app: { id: string; submittedAt: string }, keys: readonly MatchKey[]): Promise<void>;
  /**
   * The applications filed under a value of a rule in a cycle: the latest HOLDERS_READ of them. A
   * value more applications share than that is not a person (a test's fixture, a school's
   * address): the newest are enough to flag, and a submission never reads a crowd.
   */
  holders(cycle: string, rule: DuplicateRule, value: string): Promise<string[]>;
  /** The flags of an application, on its side. */
  pairsOf(id: string): Promise<DuplicatePair[]>;
  /** Puts the flag on both sides unless one is there (a verdict is never undone by a new check); true when it was new. */
  flag(id: string, other: string, rules: readonly DuplicateRule[], at: Date): Promise<boolean>;
  /** Records a verdict on both sides of an existing flag; false when there is none. */
  judge(id: string, other: string, verdict: DuplicateVerdict, by: string, at: Date): Promise<boolean>;
  /** Sets or clears the application's mark the staff list filters on (an open flag). */
  markOpen(id: string, open: boolean): Promise<void>;
}

/**
 * The dashboard's counters (domain/dashboard/counters.ts) as the dashboard reads them: a cycle's
 * counter items in one query, a week's reviews per reader in another, and the number every change
 * of them but a start raises, with the started count. Adapter:
 * adapters/store/dashboard-counters.ts, which also keeps them as applications change.
 */

/** One counter item: its name within the cycle (`seg#…`, `day#…`, `started`), its numbers and its labels. */
export interface CounterItem {
  item: string;
  counts: Record<string, number>;
  labels: Record<string, string>;
}

export interface DashboardCounters {
  /** The counters' change number (raised after every counting write but a start's) and the cycle's started count, read together. */
  now(cycle: string): Promise<CountersNow>;
  /** Every counter item of a cycle. */
  readCycle(cycle: string): Promise<CounterItem[]>;
  /** The reviews each reader recorded in the week starting on that Monday (YYYY-MM-DD). */
  readReaders(week: string): Promise<Array<{ reader: string; reviews: number }>>;
}

export interface CountersNow {
  version: number;
  started: number;
}

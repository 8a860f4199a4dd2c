/** The tabs table as the use-cases need it: tab choices and add-another counts. Adapter: adapters/store/tabs-store.ts. */

export interface TabsReader {
  /** Tab group id → chosen tab. */
  readTabs(sub: string): Promise<Record<string, string>>;
}

export interface AddAnotherReader {
  /** Add-another button id → stored count. */
  readAddAnother(sub: string): Promise<Record<string, number>>;
}

export interface TabsLock {
  /** Locks the applicant's tab choices and add-another counts, as the answers are locked at submit. */
  lockTabsAndCounts(sub: string): Promise<void>;
}

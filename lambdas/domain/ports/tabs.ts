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

export interface TabsWriter {
  /** Stores the group's chosen tab; false when the submitted lock refused the write (nothing was written). */
  saveTab(sub: string, tabId: string, chosen: string): Promise<boolean>;
  /** Stores how many blocks the button shows; false when the submitted lock refused the write. */
  saveAddAnother(sub: string, buttonId: string, count: number): Promise<boolean>;
}

/** The tabs table as the use-cases need it: tab choices and add-another counts. Adapter: adapters/store/tabs-store.ts. */

export interface TabsReader {
  /** Tab group id → chosen tab. */
  readTabs(sub: string): Promise<Record<string, string>>;
}

/**
 * An account's applications, one per cycle (issue 37, applying again): the list kept in the
 * account's partition of the status table (adapters/store/applications-store.ts). No list means
 * one application, the first, under the account's own key: the data written before cycles existed.
 */

/** One application of an account: its cycle's id and the partition its items are kept under. */
export interface AccountApplication {
  readonly cycle: string;
  readonly key: string;
}

export interface ApplicationsIndex {
  /** The account's applications in the order they were started; undefined when none is recorded. */
  readApplications(sub: string): Promise<readonly AccountApplication[] | undefined>;
  /**
   * Replaces the list only while it is still the one read (`expected`, undefined: no list yet):
   * false when another request changed it first, and nothing was written.
   */
  writeApplications(sub: string, expected: readonly AccountApplication[] | undefined, next: readonly AccountApplication[]): Promise<boolean>;
}

/**
 * The status table as the use-cases need it: the applicant's web status, last page and logins,
 * and the session record that makes a sign-out stick. Adapter: adapters/store/status-store.ts.
 */

export interface StatusItem {
  web_status: string[];
  last_page?: string;
  successful_login: string[];
  username?: string;
  /** The language the applicant chose (the account's status item: PUT /api/language); e-mails use it. */
  language?: string;
}

export interface SessionItem {
  /** Epoch seconds of the last sign-out: tokens issued before it are refused. */
  signedOutAt?: number;
  revoked: string[];
  /**
   * Epoch seconds at which the account was closed (an erasure: ports/erasure.ts). Only an erasure
   * sets it, so a closed account is told apart from a sign-out, which also sets signedOutAt.
   */
  closedAt?: number;
}

export interface StatusReader {
  readStatus(sub: string): Promise<StatusItem>;
}

export interface WebStatusStore extends StatusReader {
  /**
   * Appends `next` (one status, or several in order) only if the list has exactly
   * `expectedLength` entries; false when that condition failed.
   */
  appendWebStatus(sub: string, next: string | readonly string[], expectedLength: number): Promise<boolean>;
}

/**
 * The office's ledger of the temporary links it issued: who issued each, for whom, until when,
 * whether it was opened, and its revocation. The link's address is never kept (only the token's
 * hash, in the token store): the ledger knows which token to end when a link is revoked.
 * Adapter: adapters/store/temporary-links-store.ts.
 */

export interface TemporaryLinkRecord {
  /** Time-sortable (form/wire/staff.ts TEMPORARY_LINK_ID): the list reads newest first. */
  id: string;
  issuedAt: string;
  issuedBy: string;
  expiresAt: string;
  /** The answer keys it prepares (never the values). */
  keys: string[];
  recipientName?: string;
  recipientEmail?: string;
  openedAt?: string;
  revokedAt?: string;
  revokedBy?: string;
}

export interface TemporaryLinkPage {
  items: TemporaryLinkRecord[];
  /** The id to continue after, when there may be more. */
  next?: string;
}

export interface TemporaryLinkLedger {
  /** Records a link issued with `token` (the ledger keeps how to find the token, not the token). */
  recordLink(record: TemporaryLinkRecord, token: string): Promise<void>;
  listLinks(limit: number, after?: string): Promise<TemporaryLinkPage>;
  readLink(id: string): Promise<TemporaryLinkRecord | undefined>;
  /**
   * Ends the link's token at once, then marks the link revoked; false when no link has this id
   * or it was revoked already.
   */
  revokeLink(id: string, revokedBy: string, now: Date): Promise<boolean>;
  /** Notes the first opening; later openings change nothing. */
  markLinkOpened(id: string, now: Date): Promise<void>;
}

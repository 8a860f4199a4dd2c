/**
 * Where a session's last-activity mark lives: one item per sign-in session in the status table
 * (adapters/store/session-activity-store.ts). The mark only ever moves forward.
 */

/** One sign-in session: whose (the status table key of its owner) and which (Cognito's origin_jti). */
export interface SessionRef {
  /** The applicant's sub, or a staff member's own key (staff#<sub>). */
  owner: string;
  /** The same across refreshes of one sign-in. */
  id: string;
}

export interface SessionActivityStore {
  /** The session's last-activity mark (epoch ms), read from the table; undefined when none was written yet. */
  readMark(session: SessionRef): Promise<number | undefined>;
  /**
   * Moves the mark to `at` unless the stored one is older than `notBefore` (the session went
   * idle: it is never revived); false then. `expiresAt` (epoch s) lets the table remove the item.
   */
  moveMark(session: SessionRef, at: number, notBefore: number, expiresAt: number): Promise<boolean>;
}

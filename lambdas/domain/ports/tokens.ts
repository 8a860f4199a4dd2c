/**
 * Bearer tokens in the address (?token= and ?service_token=): stored hashed, scoped to one
 * applicant and one kind, expiring. Adapter: adapters/store/tokens-store.ts.
 */
export type TokenKind = 'tmp' | 'service';

export interface TokenGrant {
  kind: TokenKind;
  sub: string;
  /** For tmp tokens without an applicant: the answers handed out with it. */
  answers?: Record<string, string>;
  /** For tmp tokens an office issued: the link's id in the office's ledger (its opening is noted there). */
  link?: string;
  /**
   * For service tokens: the language the view prints in (issue 41), set by the render job from the
   * applicant's saved choice; without it the institution's. Held in the grant, so that no address
   * the applicant could write chooses it.
   */
  language?: string;
}

export interface TokenIssuer {
  /** Stores the grant and returns its token, valid for `ttlSeconds`. */
  issueToken(grant: TokenGrant, ttlSeconds: number, now?: Date): Promise<string>;
}

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
}

export interface TokenIssuer {
  /** Stores the grant and returns its token, valid for `ttlSeconds`. */
  issueToken(grant: TokenGrant, ttlSeconds: number, now?: Date): Promise<string>;
}

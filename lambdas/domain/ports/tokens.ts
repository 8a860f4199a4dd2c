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
}

export interface TokenIssuer {
  /** Stores the grant and returns its token, valid for `ttlSeconds`. */
  issueToken(grant: TokenGrant, ttlSeconds: number, now?: Date): Promise<string>;
}

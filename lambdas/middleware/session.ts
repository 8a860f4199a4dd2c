/** Who an applicant, service or machine route serves, as the access middleware found it (access/applicant.ts, access/service.ts, access/machine.ts). */

export interface Applicant {
  /** The verified token's subject: the only identity any applicant route uses. */
  sub: string;
  /**
   * The application the request is about (issue 37: an account holds one per cycle): the partition
   * its items are kept under (domain/ports/keys.ts), resolved from `sub` and the account's list by
   * the access middleware. Every route about the application reads and writes this key; only what
   * concerns the account (sessions, sign-out, closing it, the copy of its data) uses `sub`.
   */
  application: string;
  /** The cycle that application belongs to. */
  cycle: string;
  /** False when a read names an earlier cycle's application (`?cycle=`): nothing writes to it. */
  activeApplication: boolean;
  username: string;
  /** The sign-in session (origin_jti), used to revoke exactly this session on logout. */
  sessionId?: string;
  accessToken: string;
}

export interface ServiceCaller {
  /** The one applicant whose data this service token may read. */
  sub: string;
  /** The language the view prints in, as the token was issued (the applicant's own PDF); absent: the institution's. */
  language?: string;
}

/** A student information system's client (access/machine.ts): its token verified, the route's scope held. */
export interface MachineCaller {
  clientId: string;
  /** The name an admin gave it: the actor of what its calls record. */
  name: string;
}

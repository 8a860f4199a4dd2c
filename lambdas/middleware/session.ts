/** Who an applicant or service route serves, as the access middleware found it (access/applicant.ts, access/service.ts). */

export interface Applicant {
  /** The verified token's subject: the only identity any applicant route uses. */
  sub: string;
  username: string;
  /** The sign-in session (origin_jti), used to revoke exactly this session on logout. */
  sessionId?: string;
  accessToken: string;
}

export interface ServiceCaller {
  /** The one applicant whose data this service token may read. */
  sub: string;
}

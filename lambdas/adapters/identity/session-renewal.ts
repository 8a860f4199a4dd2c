/**
 * The session-renewal port (domain/session.ts) of one user pool. The applicant's and the staff's
 * differ only in their provider and verifier, the key their session lives under, their limits and
 * ended-session messages, and how the logs name them; refreshing, reading, keeping alive and
 * revoking are the same calls.
 */
import type { IdentityProvider } from '#domain/ports/identity';
import type { SessionRenewal } from '#domain/session';
import { keepSessionAlive, type EndedMessages } from '#domain/session-activity';
import { sessionLimits } from '#lambdas/config';
import { log } from '../log';
import { sessionActivity } from '../store/session-activity-store';
import { readSession } from '../store/status-store';

export interface RenewalPool {
  pool: 'applicant' | 'staff';
  /** The pool's identity provider, looked up at each call (configuration picks Cognito or the local one). */
  provider: () => Pick<IdentityProvider, 'refresh' | 'revokeToken'>;
  verify: SessionRenewal['verify'];
  /** The key of the token owner's session record and activity. */
  sessionKey: (sub: string) => string;
  ended: EndedMessages;
}

export function sessionRenewal({ pool, provider, verify, sessionKey, ended }: RenewalPool): SessionRenewal {
  const whose = pool === 'staff' ? 'staff ' : '';
  return {
    refresh: (token) =>
      provider()
        .refresh(token)
        .catch((error: unknown) => {
          log.info(`${whose}refresh refused`, { error });
          throw error;
        }),
    verify,
    readSession: (claims) => readSession(sessionKey(claims.sub)),
    keepAlive: (claims) => keepSessionAlive(sessionActivity, claims, sessionKey(claims.sub), sessionLimits(pool), ended),
    revoke: (token) =>
      provider()
        .revokeToken(token)
        .catch((error: unknown) => log.warn(`revoking an ended ${whose}session failed`, { error })),
  };
}

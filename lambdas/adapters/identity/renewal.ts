/** The session-renewal port (domain/session.ts) for the applicant pool. */
import type { SessionRenewal } from '#domain/session';
import { APPLICANT_ENDED, keepSessionAlive } from '#domain/session-activity';
import { sessionLimits } from '#lambdas/config';
import { readSession } from '../store/status-store';
import { sessionActivity } from '../store/session-activity-store';
import { log } from '../log';
import { identity } from './index';
import { verifyAccessToken } from './verify';

export const applicantRenewal: SessionRenewal = {
  refresh: (token) =>
    identity()
      .refresh(token)
      .catch((error: unknown) => {
        log.info('refresh refused', { error });
        throw error;
      }),
  verify: verifyAccessToken,
  readSession: (claims) => readSession(claims.sub),
  keepAlive: (claims) => keepSessionAlive(sessionActivity, claims, claims.sub, sessionLimits('applicant'), APPLICANT_ENDED),
  revoke: (token) =>
    identity()
      .revokeToken(token)
      .catch((error: unknown) => log.warn('revoking an ended session failed', { error })),
};

/** The session-renewal port (domain/session.ts) for the staff pool; sign-outs are kept under the staff member's own key. */
import type { SessionRenewal } from '#domain/session';
import { keepSessionAlive } from '#domain/session-activity';
import { STAFF_ENDED, staffSessionKey } from '#domain/staff/session-key';
import { sessionLimits } from '#lambdas/config';
import { readSession } from '../store/status-store';
import { sessionActivity } from '../store/session-activity-store';
import { log } from '../log';
import { staffIdentity } from './staff';
import { verifyStaffAccessToken } from './staff-verify';

export const staffRenewal: SessionRenewal = {
  refresh: (token) =>
    staffIdentity()
      .refresh(token)
      .catch((error: unknown) => {
        log.info('staff refresh refused', { error });
        throw error;
      }),
  verify: verifyStaffAccessToken,
  readSession: (claims) => readSession(staffSessionKey(claims.sub)),
  keepAlive: (claims) => keepSessionAlive(sessionActivity, claims, staffSessionKey(claims.sub), sessionLimits('staff'), STAFF_ENDED),
  revoke: (token) =>
    staffIdentity()
      .revokeToken(token)
      .catch((error: unknown) => log.warn('revoking an ended staff session failed', { error })),
};

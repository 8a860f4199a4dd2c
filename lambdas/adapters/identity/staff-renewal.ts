/** The session-renewal port (domain/session.ts) for the staff pool; sign-outs are kept under the staff member's own key. */
import type { SessionRenewal } from '#domain/session';
import { staffSessionKey } from '#domain/staff/session-key';
import { readSession } from '../store/status-store';
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
};

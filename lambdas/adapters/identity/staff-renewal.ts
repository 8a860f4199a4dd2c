/** The session-renewal port (domain/session.ts) for the staff pool; sign-outs are kept under the staff member's own key. */
import { staffSessionKey } from '#domain/ports/keys';
import { STAFF_ENDED } from '#domain/staff/session-key';
import { sessionRenewal } from './session-renewal';
import { staffIdentity } from './staff';
import { verifyStaffAccessToken } from './staff-verify';

export const staffRenewal = sessionRenewal({
  pool: 'staff',
  provider: staffIdentity,
  verify: verifyStaffAccessToken,
  sessionKey: staffSessionKey,
  ended: STAFF_ENDED,
});

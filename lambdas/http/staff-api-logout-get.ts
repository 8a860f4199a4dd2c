import { staffIdentity } from '#adapters/identity/staff';
import { staffRenewal } from '#adapters/identity/staff-renewal';
import { log } from '#adapters/log';
import { recordSignOut } from '#adapters/store/status-store';
import { STAFF_TEXT } from '#domain/staff/sign-in';
import { staffSignOut } from '#domain/staff/sign-out';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';
import { readCookies } from '#middleware/cookies';
import { reply } from '#middleware/http';
import { authenticateStaff, clearedStaffCookies, STAFF_COOKIE } from '#middleware/staff-session';
import { signInAudit } from './staff-audit';

/** Always answers 200 and clears the cookies; a live session is also revoked (refresh and access token). */
export const handler = httpHandler(routeRow('staffLogOut', { access: 'public' }), async ({ event }) => {
  await staffSignOut(
    {
      authenticated: () => authenticateStaff(event),
      renewal: staffRenewal,
      globalSignOut: (token) => staffIdentity().globalSignOut(token),
      signOutFailed: (error) => log.warn('staff global sign-out failed', { error }),
      recordSignOut,
      audit: signInAudit(event),
    },
    readCookies(event)[STAFF_COOKIE.refresh],
  );
  return reply(200, { message: STAFF_TEXT.signedOut }, clearedStaffCookies());
});

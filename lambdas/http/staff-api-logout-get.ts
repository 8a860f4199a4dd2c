import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';
import { reply } from '#middleware/http';
import { staffIdentity } from '#adapters/identity/staff';
import { staffRenewal } from '#adapters/identity/staff-renewal';
import { verifyStaffAccessToken } from '#adapters/identity/staff-verify';
import { recordSignOut } from '#adapters/store/status-store';
import { epochSeconds } from '#adapters/store/keys';
import { log } from '#adapters/log';
import { appendAudit } from '#adapters/store/audit-store';
import { renewSession } from '#domain/session';
import { STAFF_TEXT } from '#domain/staff/sign-in';
import { readCookies } from '#middleware/cookies';
import { sourceIp } from '#middleware/source-ip';
import { authenticateStaff, clearedStaffCookies, STAFF_COOKIE, staffSessionKey } from '#middleware/staff-session';

/** The session to end: the verified one, or the one an expired access token's refresh token still opens. */
async function sessionToEnd(event: APIGatewayProxyEventV2): Promise<{ sub: string; email: string; sessionId?: string | undefined; accessToken: string } | undefined> {
  const staff = await authenticateStaff(event).catch(() => undefined);
  if (staff) return staff;
  const tokens = await renewSession(staffRenewal, readCookies(event)[STAFF_COOKIE.refresh]).catch(() => undefined);
  if (!tokens) return undefined;
  const verified = await verifyStaffAccessToken(tokens.accessToken);
  return verified.ok ? { sub: verified.claims.sub, email: verified.claims.username.toLowerCase(), sessionId: verified.claims.origin_jti, accessToken: tokens.accessToken } : undefined;
}

/** Always answers 200 and clears the cookies; a live session is also revoked (refresh and access token). */
export const handler = httpHandler(routeRow('staffLogOut', { access: 'public' }), async ({ event }) => {
  const staff = await sessionToEnd(event);
  if (staff) {
    await staffIdentity().globalSignOut(staff.accessToken).catch((error: unknown) => log.warn('staff global sign-out failed', { error }));
    await recordSignOut(staffSessionKey(staff.sub), staff.sessionId, epochSeconds());
    await appendAudit({ staff: staff.email, action: 'sign-out', ip: sourceIp(event) });
  }
  return reply(200, { message: STAFF_TEXT.signedOut }, clearedStaffCookies());
});

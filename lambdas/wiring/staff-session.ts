/**
 * A staff member's session (domain/staff/sign-in.ts, sign-out.ts, domain/session.ts): the staff
 * pool's provider, its renewal and revocation, each sign-in and sign-out recorded in the audit trail.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { staffIdentity } from '#adapters/identity/staff';
import { staffRenewal } from '#adapters/identity/staff-renewal';
import { log } from '#adapters/log';
import { recordStaffSignIn } from '#adapters/store/staff-users-store';
import { recordSignOut } from '#adapters/store/status-store';
import type { renewSession } from '#domain/session';
import type { staffSignIn } from '#domain/staff/sign-in';
import type { staffSignOut } from '#domain/staff/sign-out';
import { authenticateStaff } from '#middleware/staff-session';
import type { PortsOf } from './ports-of';
import { signInAudit } from './staff-audit';

export function staffLogInPorts(event: APIGatewayProxyEventV2): PortsOf<typeof staffSignIn> {
  return { idp: staffIdentity(), audit: signInAudit(event), recordSignIn: (email) => recordStaffSignIn(email) };
}

/** Signing out: the session the cookies carry, if it is live, is revoked (refresh and access token) and recorded. */
export function staffLogOutPorts(event: APIGatewayProxyEventV2): PortsOf<typeof staffSignOut> {
  return {
    authenticated: () => authenticateStaff(event),
    renewal: staffRenewal,
    globalSignOut: (token) => staffIdentity().globalSignOut(token),
    signOutFailed: (error) => log.warn('staff global sign-out failed', { error }),
    recordSignOut,
    audit: signInAudit(event),
  };
}

export const staffSessionRenewal = (): PortsOf<typeof renewSession> => staffRenewal;

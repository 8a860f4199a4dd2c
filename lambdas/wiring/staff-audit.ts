/**
 * The audit writers a staff use-case records through: the staff member (when known) and their
 * address filled in from the request, so every root of the console records alike.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { appendAudit } from '#adapters/store/audit-store';
import type { SignInAudit, StaffAudit } from '#domain/ports/audit';
import { sourceIp } from '#middleware/source-ip';
import type { StaffMember } from '#middleware/staff-session';

export function staffAudit(staff: Pick<StaffMember, 'email'>, event: APIGatewayProxyEventV2): StaffAudit {
  return (record) => appendAudit({ ...record, staff: staff.email, ip: sourceIp(event) });
}

/** For the sign-in and sign-out routes, which learn who it is as they go. */
export function signInAudit(event: APIGatewayProxyEventV2): SignInAudit {
  return (staff, action) => appendAudit({ staff, action, ip: sourceIp(event) });
}

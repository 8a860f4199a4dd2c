/** The audit writer a staff use-case records through: the staff member and their address filled in. */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { appendAudit } from '#adapters/store/audit-store';
import type { StaffAudit } from '#domain/ports/audit';
import type { StaffMember } from '#middleware/staff-session';
import { sourceIp } from '#middleware/source-ip';

export function staffAudit(staff: StaffMember, event: APIGatewayProxyEventV2): StaffAudit {
  return (record) => appendAudit({ ...record, staff: staff.email, ip: sourceIp(event) });
}

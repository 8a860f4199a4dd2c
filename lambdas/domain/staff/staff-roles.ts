/**
 * Adding staff users and changing their roles (the `npm run staff` command). A role given or
 * changed is recorded in the audit trail before it takes effect, like every staff write.
 */
import type { StaffRole } from '#form/wire/roles';
import type { StaffDirectory } from '../ports/staff-identity';

export interface RoleAuditRecord {
  staff: string;
  action: 'staff-role';
  ip: string;
  detail: Record<string, string>;
}

export interface StaffRolePorts {
  directory: StaffDirectory;
  appendAudit(record: RoleAuditRecord): Promise<unknown>;
}

/** Who ran the command and from where, as the audit records it. */
export interface Operator {
  name: string;
  ip: string;
}

export async function addStaffUser(ports: StaffRolePorts, operator: Operator, email: string, role: StaffRole): Promise<void> {
  const address = email.trim().toLowerCase();
  await ports.appendAudit({ staff: operator.name, action: 'staff-role', ip: operator.ip, detail: { email: address, role, change: 'added' } });
  await ports.directory.createUser(address, role);
}

export async function changeStaffRole(ports: StaffRolePorts, operator: Operator, email: string, role: StaffRole): Promise<void> {
  const address = email.trim().toLowerCase();
  await ports.appendAudit({ staff: operator.name, action: 'staff-role', ip: operator.ip, detail: { email: address, role, change: 'role' } });
  await ports.directory.setRole(address, role);
}

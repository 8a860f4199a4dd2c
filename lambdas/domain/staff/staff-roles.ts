/**
 * Adding staff users and changing their roles (the `npm run staff` command). A role given or
 * changed is recorded in the audit trail before it takes effect, like every staff write. A staff
 * member in no role group has no access (form/wire/roles.ts), so a user is never invited before
 * their group holds: created with the invitation suppressed, put in the group, then invited, and
 * deleted if either step fails, so the operator can simply run the command again.
 */
import { isStaffRole, type StaffRole } from '#form/wire/roles';
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

const normalised = (email: string) => email.trim().toLowerCase();

function audit(ports: StaffRolePorts, operator: Operator, email: string, role: StaffRole, change: 'added' | 'role' | 'assigned'): Promise<unknown> {
  return ports.appendAudit({ staff: operator.name, action: 'staff-role', ip: operator.ip, detail: { email, role, change } });
}

export async function addStaffUser(ports: StaffRolePorts, operator: Operator, email: string, role: StaffRole): Promise<void> {
  const address = normalised(email);
  await audit(ports, operator, address, role, 'added');
  await createInvited(ports.directory, address, role);
}

/** Created uninvited, put in the role's group, then invited: nobody is ever invited without a role (the command's and the console's way). */
export async function createInvited(directory: StaffDirectory, address: string, role: StaffRole): Promise<void> {
  await directory.createUninvited(address);
  try {
    await directory.addToGroup(address, role);
    await directory.invite(address);
  } catch (error) {
    // Nobody holds a password yet (the invitation never went), so the user can go without a trace.
    await directory.deleteUser(address);
    throw error;
  }
}

/** The user's one role: added to its group first, then out of the other roles' (never left without one); other groups are kept. */
export async function setRole(directory: StaffDirectory, email: string, role: StaffRole): Promise<void> {
  await directory.addToGroup(email, role);
  for (const group of await directory.groupsOf(email)) if (group !== role && isStaffRole(group)) await directory.removeFromGroup(email, group);
}

export async function changeStaffRole(ports: StaffRolePorts, operator: Operator, email: string, role: StaffRole): Promise<void> {
  const address = normalised(email);
  await audit(ports, operator, address, role, 'role');
  await setRole(ports.directory, address, role);
}

export interface AssignedRoles {
  /** Users without a role group, now in `role`'s. */
  assigned: number;
  /** Users who had a role already, untouched. */
  kept: number;
}

/**
 * Every staff user in no role group (made before roles, in the Cognito console, or left by a
 * failed add) is put in `role`'s group, each change on record first; users with a role are
 * untouched, so running it again changes nothing.
 */
export async function assignRoles(ports: StaffRolePorts, operator: Operator, role: StaffRole): Promise<AssignedRoles> {
  const result: AssignedRoles = { assigned: 0, kept: 0 };
  for await (const username of ports.directory.listUsers()) {
    if ((await ports.directory.groupsOf(username)).some(isStaffRole)) {
      result.kept += 1;
      continue;
    }
    const address = normalised(username);
    await audit(ports, operator, address, role, 'assigned');
    await ports.directory.addToGroup(address, role);
    result.assigned += 1;
  }
  return result;
}

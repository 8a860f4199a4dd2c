/**
 * The console's staff management, an admin's: the staff users with their state, inviting one,
 * changing a role, deactivating and reactivating. Every change is recorded in the office-wide
 * audit trail before it is made, with the admin, the user and the change.
 *
 * The office always keeps an active admin: a change that would leave none (the last active admin
 * demoted or deactivated) is refused, and two such changes never run at once: each holds the
 * office's admin-change lock (a conditional write) while it counts the other active admins and
 * makes its change, so two admins demoting each other at the same moment cannot both succeed
 * (docs/decisions.md). An admin never deactivates themselves: another admin does, so nobody locks
 * themselves out by a slip.
 */
import type { StaffRole } from '#form/wire/roles';
import type { StaffUserRow } from '#form/wire/staff-users';
import { Conflict, NotFound } from '../errors';
import type { StaffAudit } from '../ports/audit';
import type { AdminChangeLock, StaffAccount, StaffAdministration } from '../ports/staff-identity';
import { createInvited, setRole } from './staff-roles';

export interface StaffUsersPorts {
  directory: StaffAdministration;
  audit: StaffAudit;
  /** Each staff user's last completed sign-in (ISO), by e-mail, as the sign-in route records it. */
  lastSignIns(): Promise<ReadonlyMap<string, string>>;
  adminLock: AdminChangeLock;
  /** The sessions' record of the user refuses every token issued until now (every staff route reads it, cached seconds). */
  endSessions(sub: string): Promise<void>;
}

/** The admin making the change (the audit's "who" is filled in from the session). */
export interface Actor {
  email: string;
}

export const STAFF_USER_TEXT = {
  exists: (email: string) => `A staff user with the e-mail ${email} already exists.`,
  notFound: (email: string) => `There is no staff user with the e-mail ${email}.`,
  lastAdmin: (email: string) =>
    `${email} is the last active admin: make another staff user an admin first, so that someone can still manage staff and release decisions.`,
  self: 'You cannot deactivate yourself. Another admin can, if it is needed.',
  busy: 'Another change to the admins is being made at this moment. Try again in a moment.',
} as const;

function rowOf(account: StaffAccount, lastSignIn: string | undefined): StaffUserRow {
  return {
    email: account.email,
    role: account.role ?? null,
    mfa: account.mfa,
    last_sign_in: lastSignIn ?? null,
    active: account.enabled,
    invited: account.invited,
  };
}

export async function listStaffUsers(ports: Pick<StaffUsersPorts, 'directory' | 'audit' | 'lastSignIns'>): Promise<{ items: StaffUserRow[] }> {
  await ports.audit({ action: 'staff-users' });
  const [accounts, signIns] = await Promise.all([ports.directory.accounts(), ports.lastSignIns()]);
  return { items: accounts.map((a) => rowOf(a, signIns.get(a.email))).sort((a, b) => a.email.localeCompare(b.email)) };
}

const isUsernameTaken = (error: unknown) => error instanceof Error && error.name === 'UsernameExistsException';

export async function inviteStaffUser(
  ports: Pick<StaffUsersPorts, 'directory' | 'audit'>,
  request: { email: string; role: StaffRole },
): Promise<{ message: string; user: StaffUserRow }> {
  const { email, role } = request;
  if (await ports.directory.account(email)) throw new Conflict(STAFF_USER_TEXT.exists(email));
  await ports.audit({ action: 'staff-user.invite', detail: { email, role } });
  // Another admin's invitation of the same address may land between the check and the creation.
  await createInvited(ports.directory, email, role).catch((error: unknown) => {
    throw isUsernameTaken(error) ? new Conflict(STAFF_USER_TEXT.exists(email)) : error;
  });
  const user: StaffUserRow = { email, role, mfa: false, last_sign_in: null, active: true, invited: true };
  return { message: `${email} is invited as ${role}: the invitation with a temporary password is on its way.`, user };
}

async function existing(directory: StaffAdministration, email: string): Promise<StaffAccount> {
  const account = await directory.account(email);
  if (!account) throw new NotFound(STAFF_USER_TEXT.notFound(email));
  return account;
}

/**
 * Runs `change`, which takes `account` from the active admins, only if another active admin
 * remains, and never beside another such change (the lock); any other change runs as it is.
 */
async function keepingAnAdmin(ports: Pick<StaffUsersPorts, 'directory' | 'adminLock'>, account: StaffAccount, change: () => Promise<void>): Promise<void> {
  if (account.role !== 'admin' || !account.enabled) return change();
  if (!(await ports.adminLock.take())) throw new Conflict(STAFF_USER_TEXT.busy);
  try {
    const others = (await ports.directory.activeAdmins()).filter((a) => a !== account.email);
    if (others.length === 0) throw new Conflict(STAFF_USER_TEXT.lastAdmin(account.email));
    await change();
  } finally {
    await ports.adminLock.release();
  }
}

export async function changeStaffUserRole(
  ports: Pick<StaffUsersPorts, 'directory' | 'audit' | 'adminLock'>,
  email: string,
  role: StaffRole,
): Promise<{ message: string; user: StaffUserRow }> {
  const account = await existing(ports.directory, email);
  const user = (r: StaffRole) => rowOf({ ...account, role: r }, undefined);
  if (account.role === role) return { message: `${email} is ${role} already.`, user: user(role) };
  const change = async () => {
    await ports.audit({ action: 'staff-user.role', detail: { email, role, ...(account.role ? { previous_role: account.role } : {}) } });
    await setRole(ports.directory, email, role);
  };
  await (role === 'admin' ? change() : keepingAnAdmin(ports, account, change));
  return { message: `${email} is now ${role}, from their next sign-in or token refresh (within 15 minutes).`, user: user(role) };
}

export async function deactivateStaffUser(ports: StaffUsersPorts, actor: Actor, email: string): Promise<{ message: string; user: StaffUserRow }> {
  if (email === actor.email.toLowerCase()) throw new Conflict(STAFF_USER_TEXT.self);
  const account = await existing(ports.directory, email);
  const user = rowOf({ ...account, enabled: false }, undefined);
  if (!account.enabled) return { message: `${email} is deactivated already.`, user };
  await keepingAnAdmin(ports, account, async () => {
    await ports.audit({ action: 'staff-user.deactivate', detail: { email } });
    // Disabled first: no new sign-in or refresh from here; then every refresh token and session ends.
    await ports.directory.setEnabled(email, false);
    await ports.directory.signOutEverywhere(email);
    await ports.endSessions(account.sub);
  });
  return { message: `${email} is deactivated: they cannot sign in, and any session of theirs ends within a minute.`, user };
}

export async function reactivateStaffUser(
  ports: Pick<StaffUsersPorts, 'directory' | 'audit'>,
  email: string,
): Promise<{ message: string; user: StaffUserRow }> {
  const account = await existing(ports.directory, email);
  const user = rowOf({ ...account, enabled: true }, undefined);
  if (account.enabled) return { message: `${email} is active already.`, user };
  await ports.audit({ action: 'staff-user.reactivate', detail: { email } });
  await ports.directory.setEnabled(email, true);
  return { message: `${email} is active again and can sign in.`, user };
}

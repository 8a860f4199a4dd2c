import { describe, expect, it } from 'vitest';
import type { StaffRole } from '#form/wire/roles';
import { memoryAudit } from '../memory-audit.test-support';
import type { StaffAccount, StaffAdministration } from '../ports/staff-identity';
import {
  changeStaffUserRole,
  deactivateStaffUser,
  inviteStaffUser,
  listStaffUsers,
  reactivateStaffUser,
  STAFF_USER_TEXT,
  type StaffUsersPorts,
} from './staff-users';

type User = { role?: StaffRole; enabled?: boolean; mfa?: boolean; invited?: boolean };

/** A staff pool in memory with Cognito's answers, and a lock that is either free or held elsewhere. */
function office(users: Record<string, User>, o: { lockHeld?: boolean } = {}) {
  const journal: string[] = [];
  const pool = new Map<string, { groups: Set<string>; enabled: boolean; mfa: boolean; invited: boolean; sub: string }>();
  for (const [email, u] of Object.entries(users))
    pool.set(email, {
      groups: new Set(u.role ? [u.role] : []),
      enabled: u.enabled ?? true,
      mfa: u.mfa ?? true,
      invited: u.invited ?? false,
      sub: `sub-${email}`,
    });
  const known = (email: string) => {
    const u = pool.get(email);
    if (!u) throw Object.assign(new Error('User does not exist.'), { name: 'UserNotFoundException' });
    return u;
  };
  const accountOf = (email: string): StaffAccount => {
    const u = known(email);
    const role = (['reader', 'decider', 'admin'] as const).find((r) => u.groups.has(r));
    return { email, sub: u.sub, enabled: u.enabled, mfa: u.mfa, invited: u.invited, ...(role ? { role } : {}) };
  };
  const directory: StaffAdministration = {
    createUninvited: async (email) => {
      if (pool.has(email)) throw Object.assign(new Error('User account already exists'), { name: 'UsernameExistsException' });
      pool.set(email, { groups: new Set(), enabled: true, mfa: false, invited: true, sub: `sub-${email}` });
      journal.push(`create ${email}`);
    },
    addToGroup: async (email, group) => {
      known(email).groups.add(group);
      journal.push(`group ${email} +${group}`);
    },
    removeFromGroup: async (email, group) => {
      known(email).groups.delete(group);
      journal.push(`group ${email} -${group}`);
    },
    groupsOf: async (email) => [...known(email).groups],
    invite: async (email) => {
      known(email);
      journal.push(`invite ${email}`);
    },
    deleteUser: async (email) => {
      pool.delete(email);
    },
    listUsers: async function* () {
      yield* [...pool.keys()];
    },
    account: async (email) => (pool.has(email) ? accountOf(email) : undefined),
    accounts: async () => [...pool.keys()].map(accountOf),
    activeAdmins: async () => [...pool].filter(([, u]) => u.enabled && u.groups.has('admin')).map(([e]) => e),
    setEnabled: async (email, enabled) => {
      known(email).enabled = enabled;
      journal.push(`${enabled ? 'enable' : 'disable'} ${email}`);
    },
    signOutEverywhere: async (email) => {
      known(email);
      journal.push(`sign out ${email}`);
    },
  };
  const { audit, records } = memoryAudit(journal);
  let held = o.lockHeld ?? false;
  const ports: StaffUsersPorts = {
    directory,
    audit,
    lastSignIns: async () => new Map([['ada@example.edu', '2026-09-01T10:00:00.000Z']]),
    adminLock: {
      take: async () => {
        if (held) return false;
        held = true;
        journal.push('lock');
        return true;
      },
      release: async () => {
        held = false;
        journal.push('unlock');
      },
    },
    endSessions: async (sub) => {
      journal.push(`end sessions ${sub}`);
    },
  };
  return { ports, journal, records, pool, accountOf };
}

const ada = { email: 'ada@example.edu' };

describe('the staff users list', () => {
  it('shows each user with role, authenticator, last sign-in and whether active, by e-mail, after recording the view', async () => {
    const { ports, journal } = office({
      'bo@example.edu': { role: 'reader', enabled: false, mfa: false, invited: true },
      'ada@example.edu': { role: 'admin' },
    });
    const list = await listStaffUsers(ports);
    expect(journal[0]).toBe('audit:staff-users');
    expect(list.items).toEqual([
      { email: 'ada@example.edu', role: 'admin', mfa: true, last_sign_in: '2026-09-01T10:00:00.000Z', active: true, invited: false },
      { email: 'bo@example.edu', role: 'reader', mfa: false, last_sign_in: null, active: false, invited: true },
    ]);
  });
});

describe('inviting a staff user', () => {
  it('records the invitation, then creates the user uninvited, puts them in the group and only then invites', async () => {
    const { ports, journal, records } = office({ 'ada@example.edu': { role: 'admin' } });
    const out = await inviteStaffUser(ports, { email: 'cy@example.edu', role: 'decider' });
    expect(journal).toEqual(['audit:staff-user.invite', 'create cy@example.edu', 'group cy@example.edu +decider', 'invite cy@example.edu']);
    expect(records[0]).toEqual({ action: 'staff-user.invite', detail: { email: 'cy@example.edu', role: 'decider' } });
    expect(out.user).toMatchObject({ email: 'cy@example.edu', role: 'decider', active: true, invited: true });
  });

  it('refuses an e-mail that is a staff user already (409 in words), recording and changing nothing', async () => {
    const { ports, journal } = office({ 'ada@example.edu': { role: 'admin' } });
    await expect(inviteStaffUser(ports, { email: 'ada@example.edu', role: 'reader' })).rejects.toMatchObject({
      status: 409,
      message: 'A staff user with the e-mail ada@example.edu already exists.',
    });
    expect(journal).toEqual([]);
  });
});

describe('changing a role', () => {
  it('records the change with the role before, then gives the one role', async () => {
    const { ports, journal, records, accountOf } = office({ 'ada@example.edu': { role: 'admin' }, 'bo@example.edu': { role: 'reader' } });
    await changeStaffUserRole(ports, 'bo@example.edu', 'decider');
    expect(records).toEqual([{ action: 'staff-user.role', detail: { email: 'bo@example.edu', role: 'decider', previous_role: 'reader' } }]);
    expect(journal).toEqual(['audit:staff-user.role', 'group bo@example.edu +decider', 'group bo@example.edu -reader']);
    expect(accountOf('bo@example.edu').role).toBe('decider');
  });

  it('demotes an admin while another active admin remains, holding the lock while it counts and changes', async () => {
    const { ports, journal } = office({ 'ada@example.edu': { role: 'admin' }, 'bo@example.edu': { role: 'admin' } });
    await changeStaffUserRole(ports, 'bo@example.edu', 'reader');
    expect(journal[0]).toBe('lock');
    expect(journal.at(-1)).toBe('unlock');
  });

  it('refuses to demote the last active admin (a deactivated admin does not count): 409 in words, nothing recorded', async () => {
    const { ports, journal, accountOf } = office({ 'ada@example.edu': { role: 'admin' }, 'bo@example.edu': { role: 'admin', enabled: false } });
    await expect(changeStaffUserRole(ports, 'ada@example.edu', 'decider')).rejects.toMatchObject({
      status: 409,
      message: STAFF_USER_TEXT.lastAdmin('ada@example.edu'),
    });
    expect(journal).toEqual(['lock', 'unlock']);
    expect(accountOf('ada@example.edu').role).toBe('admin');
  });

  it('refuses while another change to the admins holds the lock (409), and changes nothing', async () => {
    const { ports, journal } = office({ 'ada@example.edu': { role: 'admin' }, 'bo@example.edu': { role: 'admin' } }, { lockHeld: true });
    await expect(changeStaffUserRole(ports, 'bo@example.edu', 'reader')).rejects.toMatchObject({ status: 409, message: STAFF_USER_TEXT.busy });
    expect(journal).toEqual([]);
  });

  it('two admins demoting each other at once: exactly one succeeds, one active admin is left', async () => {
    const { ports, pool } = office({ 'ada@example.edu': { role: 'admin' }, 'bo@example.edu': { role: 'admin' } });
    const results = await Promise.allSettled([changeStaffUserRole(ports, 'ada@example.edu', 'reader'), changeStaffUserRole(ports, 'bo@example.edu', 'reader')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect([...pool.values()].filter((u) => u.groups.has('admin'))).toHaveLength(1);
  });

  it('a promotion to admin needs no lock; an unknown user is a 404 in words', async () => {
    const { ports, journal } = office({ 'ada@example.edu': { role: 'admin' }, 'bo@example.edu': { role: 'reader' } });
    await changeStaffUserRole(ports, 'bo@example.edu', 'admin');
    expect(journal).not.toContain('lock');
    await expect(changeStaffUserRole(ports, 'cy@example.edu', 'admin')).rejects.toMatchObject({
      status: 404,
      message: STAFF_USER_TEXT.notFound('cy@example.edu'),
    });
  });
});

describe('deactivating and reactivating', () => {
  it('records, disables, signs the user out everywhere and ends their sessions, in that order', async () => {
    const { ports, journal } = office({ 'ada@example.edu': { role: 'admin' }, 'bo@example.edu': { role: 'reader' } });
    const out = await deactivateStaffUser(ports, ada, 'bo@example.edu');
    expect(journal).toEqual(['audit:staff-user.deactivate', 'disable bo@example.edu', 'sign out bo@example.edu', 'end sessions sub-bo@example.edu']);
    expect(out.user.active).toBe(false);
  });

  it('an admin never deactivates themselves (409 in words), whatever the other admins', async () => {
    const { ports, journal } = office({ 'ada@example.edu': { role: 'admin' }, 'bo@example.edu': { role: 'admin' } });
    await expect(deactivateStaffUser(ports, { email: 'Ada@Example.edu' }, 'ada@example.edu')).rejects.toMatchObject({
      status: 409,
      message: STAFF_USER_TEXT.self,
    });
    expect(journal).toEqual([]);
  });

  it('refuses to deactivate the last active admin', async () => {
    const { ports, pool } = office({
      'ada@example.edu': { role: 'admin', enabled: false },
      'bo@example.edu': { role: 'admin' },
      'cy@example.edu': { role: 'decider' },
    });
    await expect(deactivateStaffUser(ports, { email: 'cy@example.edu' }, 'bo@example.edu')).rejects.toMatchObject({
      status: 409,
      message: STAFF_USER_TEXT.lastAdmin('bo@example.edu'),
    });
    expect(pool.get('bo@example.edu')!.enabled).toBe(true);
  });

  it('deactivating one admin while another demotes the other: one of the two is refused', async () => {
    const { ports, pool } = office({ 'ada@example.edu': { role: 'admin' }, 'bo@example.edu': { role: 'admin' }, 'cy@example.edu': { role: 'reader' } });
    const results = await Promise.allSettled([
      deactivateStaffUser(ports, { email: 'bo@example.edu' }, 'ada@example.edu'),
      changeStaffUserRole(ports, 'bo@example.edu', 'reader'),
    ]);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    expect([...pool.values()].filter((u) => u.enabled && u.groups.has('admin'))).toHaveLength(1);
  });

  it('a deactivated user is deactivated already (nothing recorded twice); reactivating records and enables', async () => {
    const { ports, journal, pool } = office({ 'ada@example.edu': { role: 'admin' }, 'bo@example.edu': { role: 'reader', enabled: false } });
    expect((await deactivateStaffUser(ports, ada, 'bo@example.edu')).message).toContain('already');
    expect(journal).toEqual([]);
    await reactivateStaffUser(ports, 'bo@example.edu');
    expect(journal).toEqual(['audit:staff-user.reactivate', 'enable bo@example.edu']);
    expect(pool.get('bo@example.edu')!.enabled).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import type { StaffDirectory } from '../ports/staff-identity';
import { addStaffUser, assignRoles, changeStaffRole, type StaffRolePorts } from './staff-roles';

/** A staff pool in memory with Cognito's answers; `fail` names a step that throws once reached. */
function pool(users: Record<string, string[]> = {}, fail?: 'group' | 'invite') {
  const events: string[] = [];
  const groups = new Map(Object.entries(users).map(([email, g]) => [email, new Set(g)]));
  const known = (email: string) => {
    const g = groups.get(email);
    if (!g) throw Object.assign(new Error('User does not exist.'), { name: 'UserNotFoundException' });
    return g;
  };
  const directory: StaffDirectory = {
    createUninvited: async (email) => {
      if (groups.has(email)) throw Object.assign(new Error('User account already exists'), { name: 'UsernameExistsException' });
      groups.set(email, new Set());
      events.push(`create ${email} (no invitation)`);
    },
    addToGroup: async (email, group) => {
      if (fail === 'group') throw new Error('AdminAddUserToGroup refused');
      known(email).add(group);
      events.push(`group ${email} +${group}`);
    },
    removeFromGroup: async (email, group) => {
      known(email).delete(group);
      events.push(`group ${email} -${group}`);
    },
    groupsOf: async (email) => [...known(email)],
    invite: async (email) => {
      known(email);
      if (fail === 'invite') throw new Error('the invitation could not be sent');
      events.push(`invite ${email}`);
    },
    deleteUser: async (email) => {
      groups.delete(email);
      events.push(`delete ${email}`);
    },
    listUsers: async function* () {
      yield* [...groups.keys()];
    },
  };
  const p: StaffRolePorts = {
    appendAudit: async (r) => {
      events.push(`audit ${r.detail.change} ${r.detail.email} ${r.detail.role} by ${r.staff}`);
    },
    directory,
  };
  return { p, events, groups };
}

const operator = { name: 'cli:ops', ip: 'command line' };

describe('staff users by command', () => {
  it('a new user is created without an invitation, put in the role group, and only then invited', async () => {
    const { p, events, groups } = pool();
    await addStaffUser(p, operator, ' Bo@Example.EDU ', 'reader');
    expect(events).toEqual([
      'audit added bo@example.edu reader by cli:ops',
      'create bo@example.edu (no invitation)',
      'group bo@example.edu +reader',
      'invite bo@example.edu',
    ]);
    expect([...groups.get('bo@example.edu')!]).toEqual(['reader']);
  });

  it.each(['group', 'invite'] as const)(
    'a failed %s step deletes the user, so no one without a role (or without an invitation) is left; the error reaches the operator',
    async (step) => {
      const { p, events, groups } = pool({}, step);
      await expect(addStaffUser(p, operator, 'bo@example.edu', 'admin')).rejects.toThrow();
      expect(events.at(-1)).toBe('delete bo@example.edu');
      expect(events).not.toContain('invite bo@example.edu');
      expect(groups.has('bo@example.edu')).toBe(false);
    },
  );

  it('a refused creation (the user exists) is on record and deletes nothing', async () => {
    const { p, events, groups } = pool({ 'bo@example.edu': ['admin'] });
    await expect(addStaffUser(p, operator, 'bo@example.edu', 'reader')).rejects.toThrow('already exists');
    expect(events).toEqual(['audit added bo@example.edu reader by cli:ops']);
    expect([...groups.get('bo@example.edu')!]).toEqual(['admin']);
  });

  it('a role change is recorded before it takes effect: the new group first, then out of the other roles (other groups kept)', async () => {
    const { p, events, groups } = pool({ 'ana@example.edu': ['reader', 'marketing'] });
    await changeStaffRole(p, operator, ' Ana@Example.EDU ', 'decider');
    expect(events).toEqual(['audit role ana@example.edu decider by cli:ops', 'group ana@example.edu +decider', 'group ana@example.edu -reader']);
    expect([...groups.get('ana@example.edu')!].sort()).toEqual(['decider', 'marketing']);
  });

  it('assign-roles puts every user without a role group into the one given, each on record, and leaves the others alone', async () => {
    const { p, events, groups } = pool({ 'old@example.edu': [], 'console@example.edu': ['marketing'], 'ana@example.edu': ['admin'] });
    expect(await assignRoles(p, operator, 'reader')).toEqual({ assigned: 2, kept: 1 });
    expect(events).toEqual([
      'audit assigned old@example.edu reader by cli:ops',
      'group old@example.edu +reader',
      'audit assigned console@example.edu reader by cli:ops',
      'group console@example.edu +reader',
    ]);
    expect([...groups.get('ana@example.edu')!]).toEqual(['admin']);
    // Once: a second run finds no one.
    expect(await assignRoles(p, operator, 'reader')).toEqual({ assigned: 0, kept: 3 });
  });
});

import { describe, expect, it } from 'vitest';
import { addStaffUser, changeStaffRole, type StaffRolePorts } from './staff-roles';

function ports(failing = false) {
  const events: string[] = [];
  const p: StaffRolePorts = {
    appendAudit: async (r) => {
      events.push(`audit ${r.detail.change} ${r.detail.email} ${r.detail.role} by ${r.staff}`);
    },
    directory: {
      createUser: async (email, role) => {
        if (failing) throw new Error('exists');
        events.push(`create ${email} ${role}`);
      },
      setRole: async (email, role) => {
        events.push(`role ${email} ${role}`);
      },
    },
  };
  return { p, events };
}

const operator = { name: 'cli:ops', ip: 'command line' };

describe('staff roles by command', () => {
  it('records a role change in the audit trail before it takes effect', async () => {
    const { p, events } = ports();
    await changeStaffRole(p, operator, ' Ana@Example.EDU ', 'decider');
    await addStaffUser(p, operator, 'bo@example.edu', 'reader');
    expect(events).toEqual([
      'audit role ana@example.edu decider by cli:ops',
      'role ana@example.edu decider',
      'audit added bo@example.edu reader by cli:ops',
      'create bo@example.edu reader',
    ]);
  });

  it('a refused creation is still on record (it was asked for) and the error reaches the operator', async () => {
    const { p, events } = ports(true);
    await expect(addStaffUser(p, operator, 'bo@example.edu', 'admin')).rejects.toThrow('exists');
    expect(events).toEqual(['audit added bo@example.edu admin by cli:ops']);
  });
});

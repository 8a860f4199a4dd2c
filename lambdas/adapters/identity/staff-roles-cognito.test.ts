/**
 * The staff pool's users and groups through Cognito's admin APIs (Cognito cannot run here; the
 * local stack's stand-in is tested in test/integration/staff-cli.test.ts): which calls the
 * adapter makes, with what.
 */
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { setConfig } from '#lambdas/config';
import { StaffRolesCognito } from './staff-roles-cognito';

function fakeClient(answers: Record<string, Array<Record<string, unknown>>> = {}) {
  const sent: Array<[string, Record<string, unknown>]> = [];
  const client = {
    send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      sent.push([command.constructor.name, command.input]);
      return answers[command.constructor.name]?.shift() ?? {};
    },
  } as unknown as CognitoIdentityProviderClient;
  return { client, sent };
}

beforeAll(() => setConfig({ identityProvider: 'cognito', staffUserPoolId: 'us-east-1_staff', staffUserPoolClientId: 'staffclient' }));

const user = { UserPoolId: 'us-east-1_staff', Username: 'ana@example.edu' };

describe('staff users in Cognito', () => {
  it('creates a user with the e-mail as user name, verified, and the invitation suppressed; invites later with RESEND', async () => {
    const { client, sent } = fakeClient();
    const directory = new StaffRolesCognito(client);
    await directory.createUninvited(' Ana@Example.EDU ');
    await directory.invite('ana@example.edu');
    expect(sent).toEqual([
      [
        'AdminCreateUserCommand',
        {
          ...user,
          UserAttributes: [
            { Name: 'email', Value: 'ana@example.edu' },
            { Name: 'email_verified', Value: 'true' },
          ],
          MessageAction: 'SUPPRESS',
        },
      ],
      ['AdminCreateUserCommand', { ...user, MessageAction: 'RESEND', DesiredDeliveryMediums: ['EMAIL'] }],
    ]);
  });

  it('adds to, removes from and deletes by the lower-cased e-mail', async () => {
    const { client, sent } = fakeClient();
    const directory = new StaffRolesCognito(client);
    await directory.addToGroup('Ana@example.edu', 'decider');
    await directory.removeFromGroup('ana@example.edu', 'reader');
    await directory.deleteUser('ana@example.edu');
    expect(sent).toEqual([
      ['AdminAddUserToGroupCommand', { ...user, GroupName: 'decider' }],
      ['AdminRemoveUserFromGroupCommand', { ...user, GroupName: 'reader' }],
      ['AdminDeleteUserCommand', user],
    ]);
  });

  it('lists groups and users page by page', async () => {
    const { client, sent } = fakeClient({
      AdminListGroupsForUserCommand: [{ Groups: [{ GroupName: 'reader' }], NextToken: 'g2' }, { Groups: [{ GroupName: 'marketing' }] }],
      ListUsersCommand: [{ Users: [{ Username: 'a@example.edu' }], PaginationToken: 'u2' }, { Users: [{ Username: 'b@example.edu' }] }],
    });
    const directory = new StaffRolesCognito(client);
    expect(await directory.groupsOf('ana@example.edu')).toEqual(['reader', 'marketing']);
    const users: string[] = [];
    for await (const u of directory.listUsers()) users.push(u);
    expect(users).toEqual(['a@example.edu', 'b@example.edu']);
    expect(sent.map(([name, input]) => [name, input.NextToken ?? input.PaginationToken])).toEqual([
      ['AdminListGroupsForUserCommand', undefined],
      ['AdminListGroupsForUserCommand', 'g2'],
      ['ListUsersCommand', undefined],
      ['ListUsersCommand', 'u2'],
    ]);
  });
});

describe("the console's staff management in Cognito", () => {
  it("reads a user's state: AdminGetUser (sub, enabled, invited, MFA) and their groups; an unknown user is none", async () => {
    const { client, sent } = fakeClient({
      AdminGetUserCommand: [
        {
          Username: 'ana@example.edu',
          Enabled: false,
          UserStatus: 'CONFIRMED',
          UserAttributes: [{ Name: 'sub', Value: 'sub-ana' }],
          UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
        },
      ],
      AdminListGroupsForUserCommand: [{ Groups: [{ GroupName: 'decider' }, { GroupName: 'other' }] }],
    });
    const directory = new StaffRolesCognito(client);
    expect(await directory.account('Ana@example.edu')).toEqual({
      email: 'ana@example.edu',
      sub: 'sub-ana',
      enabled: false,
      mfa: true,
      invited: false,
      role: 'decider',
    });
    expect(sent.map(([name, input]) => [name, input.Username])).toEqual([
      ['AdminGetUserCommand', 'ana@example.edu'],
      ['AdminListGroupsForUserCommand', 'ana@example.edu'],
    ]);
    const missing = {
      client: {
        send: async () => {
          throw Object.assign(new Error('User does not exist.'), { name: 'UserNotFoundException' });
        },
      } as unknown as CognitoIdentityProviderClient,
    };
    expect(await new StaffRolesCognito(missing.client).account('nobody@example.edu')).toBeUndefined();
  });

  it('lists the enabled admins page by page (ListUsersInGroup), disables, enables and signs a user out everywhere', async () => {
    const { client, sent } = fakeClient({
      ListUsersInGroupCommand: [
        {
          Users: [
            { Username: 'a@example.edu', Enabled: true },
            { Username: 'b@example.edu', Enabled: false },
          ],
          NextToken: 'n1',
        },
        { Users: [{ Username: 'c@example.edu', Enabled: true }] },
      ],
    });
    const directory = new StaffRolesCognito(client);
    expect(await directory.activeAdmins()).toEqual(['a@example.edu', 'c@example.edu']);
    await directory.setEnabled('ana@example.edu', false);
    await directory.setEnabled('ana@example.edu', true);
    await directory.signOutEverywhere('ana@example.edu');
    expect(sent).toEqual([
      ['ListUsersInGroupCommand', { UserPoolId: 'us-east-1_staff', GroupName: 'admin', Limit: 60 }],
      ['ListUsersInGroupCommand', { UserPoolId: 'us-east-1_staff', GroupName: 'admin', Limit: 60, NextToken: 'n1' }],
      ['AdminDisableUserCommand', user],
      ['AdminEnableUserCommand', user],
      ['AdminUserGlobalSignOutCommand', user],
    ]);
  });
});

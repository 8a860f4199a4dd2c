/**
 * The staff pool's role groups through Cognito's admin APIs (Cognito cannot run here): which
 * calls the adapter makes, in which order, with what.
 */
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { setConfig } from '#lambdas/config';
import { StaffRolesCognito } from './staff-roles-cognito';

function fakeClient(groups: string[]) {
  const sent: Array<[string, Record<string, unknown>]> = [];
  const client = {
    send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      sent.push([command.constructor.name, command.input]);
      if (command.constructor.name === 'AdminListGroupsForUserCommand') return { Groups: groups.map((GroupName) => ({ GroupName })) };
      return {};
    },
  } as unknown as CognitoIdentityProviderClient;
  return { client, sent };
}

beforeAll(() => setConfig({ identityProvider: 'cognito', staffUserPoolId: 'us-east-1_staff', staffUserPoolClientId: 'staffclient' }));

describe('staff roles in Cognito', () => {
  it('adds the new role group first, then removes the other role groups (never a moment without a role), leaving other groups alone', async () => {
    const { client, sent } = fakeClient(['reader', 'decider', 'marketing']);
    await new StaffRolesCognito(client).setRole(' Ana@Example.EDU ', 'decider');
    expect(sent).toEqual([
      ['AdminAddUserToGroupCommand', { UserPoolId: 'us-east-1_staff', Username: 'ana@example.edu', GroupName: 'decider' }],
      ['AdminListGroupsForUserCommand', { UserPoolId: 'us-east-1_staff', Username: 'ana@example.edu', Limit: 60 }],
      ['AdminRemoveUserFromGroupCommand', { UserPoolId: 'us-east-1_staff', Username: 'ana@example.edu', GroupName: 'reader' }],
    ]);
  });

  it('creates the user, then puts them in the role group', async () => {
    const { client, sent } = fakeClient(['admin']);
    await new StaffRolesCognito(client).createUser('bo@example.edu', 'admin');
    expect(sent.map(([name]) => name)).toEqual(['AdminCreateUserCommand', 'AdminAddUserToGroupCommand', 'AdminListGroupsForUserCommand']);
  });
});

/**
 * The machine clients' app clients through Cognito's admin API (Cognito cannot run here): which
 * calls the adapter makes, with what.
 */
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { setConfig } from '#lambdas/config';
import { SisClientsCognito } from './sis-cognito';

function fakeClient(answer: Record<string, unknown> = {}) {
  const sent: Array<[string, Record<string, unknown>]> = [];
  const client = {
    send: async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      sent.push([command.constructor.name, command.input]);
      return answer;
    },
  } as unknown as CognitoIdentityProviderClient;
  return { client, sent };
}

beforeAll(() => setConfig({ identityProvider: 'cognito', sisUserPoolId: 'us-east-1_machines' }));

describe('machine clients in Cognito', () => {
  it('makes an app client with a secret, the client-credentials grant alone and exactly the scopes given', async () => {
    const { client, sent } = fakeClient({ UserPoolClient: { ClientId: 'abc123', ClientSecret: 's3cret' } });
    expect(await new SisClientsCognito(client).issue('banner', ['applications.read', 'decisions.write'])).toEqual({ id: 'abc123', secret: 's3cret' });
    expect(sent).toEqual([
      [
        'CreateUserPoolClientCommand',
        {
          UserPoolId: 'us-east-1_machines',
          ClientName: 'banner',
          GenerateSecret: true,
          AllowedOAuthFlows: ['client_credentials'],
          AllowedOAuthFlowsUserPoolClient: true,
          AllowedOAuthScopes: ['sis/applications.read', 'sis/decisions.write'],
          ExplicitAuthFlows: [],
          SupportedIdentityProviders: [],
          AccessTokenValidity: 60,
          TokenValidityUnits: { AccessToken: 'minutes' },
          PreventUserExistenceErrors: 'ENABLED',
        },
      ],
    ]);
  });

  it('refuses to go on without the secret Cognito shows once', async () => {
    const { client } = fakeClient({ UserPoolClient: { ClientId: 'abc123' } });
    await expect(new SisClientsCognito(client).issue('slate', ['applications.read'])).rejects.toThrow('without an id or a secret');
  });

  it('revokes by deleting the app client', async () => {
    const { client, sent } = fakeClient();
    await new SisClientsCognito(client).withdraw('abc123');
    expect(sent).toEqual([['DeleteUserPoolClientCommand', { UserPoolId: 'us-east-1_machines', ClientId: 'abc123' }]]);
  });

  it('counts an app client already deleted as withdrawn (a retried revocation), and passes on any other failure', async () => {
    const failing = (name: string) =>
      ({
        send: async () => {
          throw Object.assign(new Error(name), { name });
        },
      }) as unknown as CognitoIdentityProviderClient;
    await expect(new SisClientsCognito(failing('ResourceNotFoundException')).withdraw('abc123')).resolves.toBeUndefined();
    await expect(new SisClientsCognito(failing('TooManyRequestsException')).withdraw('abc123')).rejects.toThrow('TooManyRequestsException');
  });
});

/**
 * The machine clients' app clients in the machine pool (lib/sis.ts): what `npm run sis --
 * add-client|revoke --aws` calls with the operator's credentials, and the console's screen of the
 * clients with its function's. An app client per machine,
 * with a secret, the client-credentials grant and exactly the scopes given; revoking deletes it,
 * so Cognito's token endpoint refuses its next request at once (its tokens already issued are
 * refused by the routes' middleware within a minute: the client's record, sis-clients-store.ts).
 */
import { CognitoIdentityProviderClient, CreateUserPoolClientCommand, DeleteUserPoolClientCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { SisCredentialIssuer } from '#domain/ports/sis-clients';
import { tokenScope, type SisScope } from '#form/wire/sis';
import { config } from '#lambdas/config';

/** Cognito's default for client credentials, and the local token endpoint's: an hour. */
const TOKEN_MINUTES = 60;

export class SisClientsCognito implements SisCredentialIssuer {
  private readonly client: CognitoIdentityProviderClient;
  private readonly poolId: string;

  constructor(client?: CognitoIdentityProviderClient) {
    const c = config();
    this.client = client ?? new CognitoIdentityProviderClient({ region: c.region });
    this.poolId = c.sisUserPoolId;
  }

  async issue(name: string, scopes: readonly SisScope[]): Promise<{ id: string; secret: string }> {
    const out = await this.client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: this.poolId,
        ClientName: name,
        GenerateSecret: true,
        AllowedOAuthFlows: ['client_credentials'],
        AllowedOAuthFlowsUserPoolClient: true,
        AllowedOAuthScopes: scopes.map(tokenScope),
        // No user ever signs in through a machine's client.
        ExplicitAuthFlows: [],
        SupportedIdentityProviders: [],
        AccessTokenValidity: TOKEN_MINUTES,
        TokenValidityUnits: { AccessToken: 'minutes' },
        PreventUserExistenceErrors: 'ENABLED',
      }),
    );
    const id = out.UserPoolClient?.ClientId;
    const secret = out.UserPoolClient?.ClientSecret;
    if (!id || !secret) throw new Error('Cognito made the app client without an id or a secret');
    return { id, secret };
  }

  /** Deletes the app client; one already gone (a retried revocation) is withdrawn already. */
  async withdraw(id: string): Promise<void> {
    try {
      await this.client.send(new DeleteUserPoolClientCommand({ UserPoolId: this.poolId, ClientId: id }));
    } catch (error) {
      if ((error as { name?: string }).name !== 'ResourceNotFoundException') throw error;
    }
  }
}

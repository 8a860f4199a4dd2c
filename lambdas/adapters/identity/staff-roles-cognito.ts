/**
 * Staff users and their groups in the staff pool: what `npm run staff -- add|role|assign-roles`
 * calls with the operator's credentials (AWS), or against the local stack's stand-in for Cognito
 * (`/_dev/cognito-idp`, which answers these calls with Cognito's semantics and error names). No
 * Lambda imports this module or holds these permissions; the groups themselves are CDK resources
 * (lib/staff.ts).
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { StaffDirectory } from '#domain/ports/staff-identity';
import { config } from '#lambdas/config';

/** ListUsers' and AdminListGroupsForUser's largest page. */
const PAGE = 60;

export class StaffRolesCognito implements StaffDirectory {
  private readonly client: CognitoIdentityProviderClient;
  private readonly poolId: string;

  constructor(client?: CognitoIdentityProviderClient) {
    const c = config();
    this.client = client ?? new CognitoIdentityProviderClient({ region: c.region });
    this.poolId = c.staffUserPoolId;
  }

  private user(email: string) {
    return { UserPoolId: this.poolId, Username: email.trim().toLowerCase() };
  }

  /** The e-mail is the user name and is verified: the invitation goes there, and nothing else would verify it. */
  async createUninvited(email: string): Promise<void> {
    const address = email.trim().toLowerCase();
    await this.client.send(
      new AdminCreateUserCommand({
        ...this.user(address),
        UserAttributes: [
          { Name: 'email', Value: address },
          { Name: 'email_verified', Value: 'true' },
        ],
        MessageAction: 'SUPPRESS',
      }),
    );
  }

  async invite(email: string): Promise<void> {
    await this.client.send(new AdminCreateUserCommand({ ...this.user(email), MessageAction: 'RESEND', DesiredDeliveryMediums: ['EMAIL'] }));
  }

  async addToGroup(email: string, group: string): Promise<void> {
    await this.client.send(new AdminAddUserToGroupCommand({ ...this.user(email), GroupName: group }));
  }

  async removeFromGroup(email: string, group: string): Promise<void> {
    await this.client.send(new AdminRemoveUserFromGroupCommand({ ...this.user(email), GroupName: group }));
  }

  async groupsOf(email: string): Promise<string[]> {
    const groups: string[] = [];
    let token: string | undefined;
    do {
      const out = await this.client.send(new AdminListGroupsForUserCommand({ ...this.user(email), Limit: PAGE, ...(token ? { NextToken: token } : {}) }));
      for (const g of out.Groups ?? []) if (g.GroupName) groups.push(g.GroupName);
      token = out.NextToken;
    } while (token);
    return groups;
  }

  async deleteUser(email: string): Promise<void> {
    await this.client.send(new AdminDeleteUserCommand(this.user(email)));
  }

  async *listUsers(): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const out = await this.client.send(new ListUsersCommand({ UserPoolId: this.poolId, Limit: PAGE, ...(token ? { PaginationToken: token } : {}) }));
      for (const u of out.Users ?? []) if (u.Username) yield u.Username;
      token = out.PaginationToken;
    } while (token);
  }
}

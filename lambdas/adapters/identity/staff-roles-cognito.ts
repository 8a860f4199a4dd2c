/**
 * Staff users and their groups in the staff pool: what `npm run staff -- add|role|assign-roles`
 * calls with the operator's credentials (AWS), and the console's staff-user routes with their
 * Lambda's (each row grants exactly the calls its use-case makes, lambdas/routes.ts); locally
 * both go to the stack's stand-in for Cognito (`/_dev/cognito-idp`, which answers these calls with
 * Cognito's semantics and error names). The groups themselves are CDK resources (lib/staff.ts).
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
  ListUsersInGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { StaffAccount, StaffAdministration } from '#domain/ports/staff-identity';
import { roleOfGroups } from '#form/wire/roles';
import { config } from '#lambdas/config';

/** ListUsers' and AdminListGroupsForUser's largest page. */
const PAGE = 60;

export class StaffRolesCognito implements StaffAdministration {
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

  async account(email: string): Promise<StaffAccount | undefined> {
    let out;
    try {
      out = await this.client.send(new AdminGetUserCommand(this.user(email)));
    } catch (error) {
      if (error instanceof Error && error.name === 'UserNotFoundException') return undefined;
      throw error;
    }
    const attribute = (name: string) => out.UserAttributes?.find((a) => a.Name === name)?.Value;
    const role = roleOfGroups(await this.groupsOf(email));
    return {
      email: out.Username ?? email.trim().toLowerCase(),
      sub: attribute('sub') ?? '',
      enabled: out.Enabled !== false,
      mfa: (out.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA'),
      invited: out.UserStatus === 'FORCE_CHANGE_PASSWORD',
      ...(role ? { role } : {}),
    };
  }

  async accounts(): Promise<StaffAccount[]> {
    const accounts: StaffAccount[] = [];
    for await (const username of this.listUsers()) {
      // A user deleted between the list and the read is simply not there any more.
      const account = await this.account(username);
      if (account) accounts.push(account);
    }
    return accounts;
  }

  async activeAdmins(): Promise<string[]> {
    const admins: string[] = [];
    let token: string | undefined;
    do {
      const out = await this.client.send(
        new ListUsersInGroupCommand({ UserPoolId: this.poolId, GroupName: 'admin', Limit: PAGE, ...(token ? { NextToken: token } : {}) }),
      );
      for (const u of out.Users ?? []) if (u.Username && u.Enabled !== false) admins.push(u.Username);
      token = out.NextToken;
    } while (token);
    return admins;
  }

  async setEnabled(email: string, enabled: boolean): Promise<void> {
    await this.client.send(enabled ? new AdminEnableUserCommand(this.user(email)) : new AdminDisableUserCommand(this.user(email)));
  }

  async signOutEverywhere(email: string): Promise<void> {
    await this.client.send(new AdminUserGlobalSignOutCommand(this.user(email)));
  }
}

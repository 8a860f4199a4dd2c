/**
 * Staff users and their role groups in the staff pool (AWS): what `npm run staff -- add|role
 * --aws` calls with the operator's credentials. No Lambda imports this module or holds these
 * permissions; the groups themselves are CDK resources (lib/staff.ts).
 */
import {
  AdminAddUserToGroupCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { StaffDirectory } from '#domain/ports/staff-identity';
import { isStaffRole, type StaffRole } from '#form/wire/roles';
import { config } from '#lambdas/config';
import { StaffCognitoIdentity } from './staff-cognito';

export class StaffRolesCognito implements StaffDirectory {
  private readonly client: CognitoIdentityProviderClient;
  private readonly poolId: string;

  constructor(client?: CognitoIdentityProviderClient) {
    const c = config();
    this.client = client ?? new CognitoIdentityProviderClient({ region: c.region });
    this.poolId = c.staffUserPoolId;
  }

  async createUser(email: string, role: StaffRole): Promise<void> {
    await new StaffCognitoIdentity(this.client).adminCreateUser(email);
    await this.setRole(email, role);
  }

  /** Added to the role's group first, then out of the others, so the user is never left without a role (which reads as admin). */
  async setRole(email: string, role: StaffRole): Promise<void> {
    const username = email.trim().toLowerCase();
    await this.client.send(new AdminAddUserToGroupCommand({ UserPoolId: this.poolId, Username: username, GroupName: role }));
    const listed = await this.client.send(new AdminListGroupsForUserCommand({ UserPoolId: this.poolId, Username: username, Limit: 60 }));
    for (const group of listed.Groups ?? []) {
      if (group.GroupName && group.GroupName !== role && isStaffRole(group.GroupName)) {
        await this.client.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: this.poolId, Username: username, GroupName: group.GroupName }));
      }
    }
  }
}

/**
 * The applicants' accounts as Amazon Cognito holds them: ListUsers, 60 a page (its maximum),
 * asking only for `sub` and `email`, and one account by its `sub`. Needs `cognito-idp:ListUsers` on
 * the applicants' pool, which only the retention sweep's role holds (lib/retention.ts).
 */
import { CognitoIdentityProviderClient, ListUsersCommand, type UserType } from '@aws-sdk/client-cognito-identity-provider';
import type { ApplicantAccount, ApplicantDirectory } from '#domain/ports/retention';
import { config } from '#lambdas/config';

const PAGE = 60;

export function accountOf(user: UserType): ApplicantAccount | undefined {
  const attribute = (name: string) => user.Attributes?.find((a) => a.Name === name)?.Value;
  const sub = attribute('sub');
  const email = attribute('email');
  if (!sub || !email) return undefined;
  const account: ApplicantAccount = { sub, email, confirmed: user.UserStatus !== 'UNCONFIRMED' };
  if (user.UserCreateDate) account.createdAt = new Date(user.UserCreateDate).toISOString();
  return account;
}

export class CognitoApplicantDirectory implements ApplicantDirectory {
  private readonly client: CognitoIdentityProviderClient;
  private readonly poolId: string;

  constructor(client?: CognitoIdentityProviderClient) {
    const c = config();
    this.client = client ?? new CognitoIdentityProviderClient({ region: c.region });
    this.poolId = c.userPoolId;
  }

  async *listAccounts(): AsyncIterable<ApplicantAccount> {
    let token: string | undefined;
    do {
      const out = await this.client.send(
        new ListUsersCommand({ UserPoolId: this.poolId, Limit: PAGE, AttributesToGet: ['sub', 'email'], ...(token ? { PaginationToken: token } : {}) }),
      );
      for (const user of out.Users ?? []) {
        const account = accountOf(user);
        if (account) yield account;
      }
      token = out.PaginationToken;
    } while (token);
  }

  /**
   * ListUsers filtered on the `sub` (no other grant than the listing's). A value that could not be
   * a Cognito `sub` cannot be asked about safely in a filter: it counts as existing, so nothing is
   * erased on a guess.
   */
  async accountExists(sub: string): Promise<boolean> {
    if (!/^[0-9A-Za-z-]{1,128}$/.test(sub)) return true;
    const out = await this.client.send(new ListUsersCommand({ UserPoolId: this.poolId, Limit: 1, AttributesToGet: ['sub'], Filter: `sub = "${sub}"` }));
    return (out.Users ?? []).length > 0;
  }
}

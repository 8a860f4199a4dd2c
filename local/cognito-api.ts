/**
 * The local stack's stand-in for Cognito's own API endpoint (`POST /_dev/cognito-idp`, JSON 1.1
 * with `X-Amz-Target: AWSCognitoIdentityProviderService.<Operation>`, as the SDK sends to
 * cognito-idp.<region>.amazonaws.com), answered by the local identity providers with Cognito's
 * semantics and error names (`__type`, status 400). Point an SDK client at it (`endpoint`) and it
 * cannot tell it from Cognito for what it offers:
 * - the staff pool's admin operations the `npm run staff` command (scripts/staff.ts) and the
 *   console's staff-user routes make (adapters/identity/staff-roles-cognito.ts);
 * - the operations Cognito authorises by an access token alone, which a stolen session cookie's
 *   token would be used for (GetUser, DeleteUser, UpdateUserAttributes, GlobalSignOut), for the
 *   applicants' pool: they require the `aws.cognito.signin.user.admin` scope, which applicant
 *   tokens do not carry, so they refuse every token a session cookie holds.
 * Local only, like the rest of /_dev/: a cross-site page cannot send its content type without a
 * CORS preflight, which is never granted.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { identityErrorName } from '#domain/ports/identity';
import type { LocalIdentityProvider } from './identity/provider';
import type { LocalStaffIdentityProvider, StaffUserView } from './identity/staff-provider';

export const COGNITO_API_PATH = '/_dev/cognito-idp';

/** An SDK client of the stack at `base` (its URL) that sends Cognito's calls to this endpoint. */
export function localCognitoClient(base: string, region: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({ endpoint: `${base}${COGNITO_API_PATH}`, region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}
const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';
const CONTENT_TYPE = 'application/x-amz-json-1.1';

export interface LocalPools {
  staffPoolId: string;
  staff: LocalStaffIdentityProvider;
  applicants: LocalIdentityProvider;
}

type Input = Record<string, unknown>;

/** A Cognito exception, answered as Cognito answers it. */
class CognitoFault extends Error {
  constructor(
    override readonly name: string,
    message: string,
  ) {
    super(message);
  }
}

const text = (input: Input, field: string): string => {
  const value = input[field];
  if (typeof value !== 'string' || !value)
    throw new CognitoFault(
      'InvalidParameterException',
      `1 validation error detected: Value at '${field}' failed to satisfy constraint: Member must not be null`,
    );
  return value;
};

function staffPool(pools: LocalPools, input: Input): LocalStaffIdentityProvider {
  const id = text(input, 'UserPoolId');
  if (id !== pools.staffPoolId)
    throw new CognitoFault(
      'ResourceNotFoundException',
      `User pool ${id} does not exist here: the local stack's Cognito API offers the staff pool's admin operations only.`,
    );
  return pools.staff;
}

/** Cognito's UserType (ListUsers, ListUsersInGroup) and the same fields of AdminGetUser's answer. */
function userType(user: StaffUserView) {
  return {
    Username: user.username,
    Enabled: user.enabled,
    UserStatus: user.status,
    Attributes: [
      { Name: 'sub', Value: user.sub },
      { Name: 'email', Value: user.username },
    ],
  };
}

type Operation = (pools: LocalPools, input: Input) => Promise<unknown>;

const OPERATIONS: Record<string, Operation> = {
  AdminCreateUser: async (pools, input) => {
    const action = input.MessageAction;
    if (action !== undefined && action !== 'SUPPRESS' && action !== 'RESEND')
      throw new CognitoFault('InvalidParameterException', 'MessageAction is SUPPRESS or RESEND.');
    await staffPool(pools, input).adminCreateUser(text(input, 'Username'), action);
    return { User: { Username: text(input, 'Username').toLowerCase(), Enabled: true, UserStatus: 'FORCE_CHANGE_PASSWORD' } };
  },
  AdminAddUserToGroup: async (pools, input) => {
    await staffPool(pools, input).adminAddUserToGroup(text(input, 'Username'), text(input, 'GroupName'));
    return {};
  },
  AdminRemoveUserFromGroup: async (pools, input) => {
    await staffPool(pools, input).adminRemoveUserFromGroup(text(input, 'Username'), text(input, 'GroupName'));
    return {};
  },
  AdminListGroupsForUser: async (pools, input) => {
    const groups = await staffPool(pools, input).adminListGroupsForUser(text(input, 'Username'));
    return { Groups: groups.map((GroupName) => ({ GroupName, UserPoolId: pools.staffPoolId })) };
  },
  AdminDeleteUser: async (pools, input) => {
    await staffPool(pools, input).adminDeleteUser(text(input, 'Username'));
    return {};
  },
  AdminGetUser: async (pools, input) => {
    const user = await staffPool(pools, input).adminGetUser(text(input, 'Username'));
    const { Attributes, ...rest } = userType(user);
    return { ...rest, UserAttributes: Attributes, UserMFASettingList: user.mfa, ...(user.mfa[0] ? { PreferredMfaSetting: user.mfa[0] } : {}) };
  },
  AdminDisableUser: async (pools, input) => {
    await staffPool(pools, input).adminSetEnabled(text(input, 'Username'), false);
    return {};
  },
  AdminEnableUser: async (pools, input) => {
    await staffPool(pools, input).adminSetEnabled(text(input, 'Username'), true);
    return {};
  },
  AdminUserGlobalSignOut: async (pools, input) => {
    await staffPool(pools, input).adminUserGlobalSignOut(text(input, 'Username'));
    return {};
  },
  ListUsers: async (pools, input) => ({ Users: (await staffPool(pools, input).listUserViews()).map(userType) }),
  ListUsersInGroup: async (pools, input) => ({
    Users: (await staffPool(pools, input).listUsersInGroup(text(input, 'GroupName'))).map(userType),
  }),
  // Authorised by the access token alone (the applicants' pool): what a stolen session cookie's token would be used for.
  GetUser: async (pools, input) => {
    const { username, attributes } = await pools.applicants.getUserByToken(text(input, 'AccessToken'));
    return { Username: username, UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })) };
  },
  DeleteUser: async (pools, input) => {
    await pools.applicants.deleteUserByToken(text(input, 'AccessToken'));
    return {};
  },
  UpdateUserAttributes: async (pools, input) => {
    const attributes = Array.isArray(input.UserAttributes) ? (input.UserAttributes as Array<{ Name?: unknown }>) : [];
    await pools.applicants.updateUserAttributesByToken(
      text(input, 'AccessToken'),
      attributes.map((a) => String(a.Name)),
    );
    return {};
  },
  GlobalSignOut: async (pools, input) => {
    await pools.applicants.globalSignOut(text(input, 'AccessToken'));
    return {};
  },
};

function answer(res: ServerResponse, status: number, body: unknown, errorType?: string): void {
  res.writeHead(status, { 'content-type': CONTENT_TYPE, 'cache-control': 'no-store', ...(errorType ? { 'x-amzn-errortype': errorType } : {}) });
  res.end(JSON.stringify(body));
}

const fault = (res: ServerResponse, name: string, message: string, status = 400) => answer(res, status, { __type: name, message }, name);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) throw new Error('too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Answers `POST /_dev/cognito-idp[/]`; false when the path is not this endpoint. */
export function handleCognitoApiRequest(req: IncomingMessage, res: ServerResponse, path: string, pools: LocalPools): boolean {
  if (path !== COGNITO_API_PATH && path !== `${COGNITO_API_PATH}/`) return false;
  const target = String(req.headers['x-amz-target'] ?? '');
  if (req.method !== 'POST' || !target.startsWith(TARGET_PREFIX)) {
    fault(res, 'UnknownOperationException', `Send POST with X-Amz-Target: ${TARGET_PREFIX}<Operation>, as the AWS SDK does.`);
    return true;
  }
  if (!String(req.headers['content-type'] ?? '').startsWith(CONTENT_TYPE)) {
    fault(res, 'SerializationException', `Send ${CONTENT_TYPE}.`, 415);
    return true;
  }
  const operation = OPERATIONS[target.slice(TARGET_PREFIX.length)];
  void (async () => {
    if (!operation) return fault(res, 'UnknownOperationException', `The local stack's Cognito API does not offer ${target.slice(TARGET_PREFIX.length)}.`);
    let input: Input;
    try {
      const parsed = JSON.parse((await readBody(req)) || '{}') as unknown;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      input = parsed as Input;
    } catch {
      return fault(res, 'SerializationException', 'The request body is not a JSON object.');
    }
    try {
      answer(res, 200, await operation(pools, input));
    } catch (error) {
      const name = error instanceof CognitoFault ? error.name : identityErrorName(error);
      if (name) return fault(res, name, (error as Error).message);
      fault(res, 'InternalErrorException', 'The local identity provider failed.', 500);
      process.stderr.write(`local Cognito API: ${String(error)}\n`);
    }
  })();
  return true;
}

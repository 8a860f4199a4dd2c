/**
 * What a function can be bound to: a grant (exact actions, or an access mode) plus the environment variables that
 * name the resource. Actions are listed explicitly (never `*` or `service:*`, never the broad
 * `grantRead*` helpers, whose action lists include prefixes like `s3:GetObject*`), so a role says
 * exactly which API calls its handler makes.
 */
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { ENV_BY_RESOURCE } from '#lambdas/routes';
import type { AccessMode, Resource } from '#lambdas/routes';

/**
 * What a function is allowed on a resource: a route row's exact IAM actions (lambdas/routes.ts,
 * checked against its adapters' calls), or, for the event functions lib/ builds itself, an
 * access mode.
 */
export type Access = AccessMode | readonly string[];

export interface Binding {
  name: string;
  environment: Record<string, string>;
  /** `keys`: the partitions of a table the grant reaches (a route's `Grant.keys`, test/infra/leading-keys.test.ts). */
  grant(grantee: iam.IGrantable, access: Access, keys?: readonly string[]): void;
}

/** The calls our adapters make (lambdas/adapters/iam-actions.ts): no Scan, no batch calls. */
export const TABLE_ACTIONS: Record<AccessMode, readonly string[]> = {
  read: ['dynamodb:GetItem', 'dynamodb:Query'],
  readwrite: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
  // New items only: no read, update or delete (the audit trail).
  append: ['dynamodb:PutItem'],
};

const actionsOf = (access: Access, byMode: Record<AccessMode, readonly string[]>): readonly string[] => (typeof access === 'string' ? byMode[access] : access);
const ofService = (actions: readonly string[], service: string) => actions.filter((a) => a.startsWith(`${service}:`));

/** Object actions; ListBucket (on the bucket) keeps "missing key" a 404 instead of a 403. */
export const OBJECT_ACTIONS: Record<AccessMode, readonly string[]> = {
  read: ['s3:GetObject'],
  readwrite: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
  append: ['s3:PutObject'],
};

function envName(resource: Resource, index = 0): string {
  const name = ENV_BY_RESOURCE[resource][index];
  if (!name) throw new Error(`lambdas/config.ts ENV_BY_RESOURCE has no variable ${index} for ${resource}`);
  return name;
}

/**
 * The condition that limits a table's statement to some partitions: every partition key the
 * request names (an item's, a query's) must match one of `keys`. ForAllValues, as AWS documents
 * for LeadingKeys: the request's keys are a set.
 */
export const leadingKeysCondition = (keys: readonly string[]) => ({ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...keys] } });

function allow(grantee: iam.IGrantable, actions: readonly string[], resources: string[], keys?: readonly string[]): void {
  if (actions.length === 0) return;
  const conditions = keys ? leadingKeysCondition(keys) : undefined;
  grantee.grantPrincipal.addToPrincipalPolicy(new iam.PolicyStatement({ actions: [...actions], resources, conditions }));
}

export function tableBinding(resource: Resource, table: dynamodb.ITable): Binding {
  return {
    name: resource,
    environment: { [envName(resource)]: table.tableName },
    // Tables are encrypted with the AWS-managed key, which needs no kms grant (see data.ts).
    grant: (grantee, access, keys) => allow(grantee, actionsOf(access, TABLE_ACTIONS), [table.tableArn], keys),
  };
}

/** Suggestions and details for the address category (lambdas/adapters/lookup/location-provider.ts). */
export const PLACE_INDEX_ACTIONS: readonly string[] = ['geo:SearchPlaceIndexForSuggestions', 'geo:GetPlace'];

/**
 * Lookup data: the snapshot table plus, where the region has one (lib/places.ts), the Amazon
 * Location place index for addresses; an empty index name makes the lookup use the table.
 */
export function lookupBinding(table: dynamodb.ITable, placeIndex: { name: string; arn?: string }): Binding {
  return {
    name: 'lookupData',
    environment: { [envName('lookupData', 0)]: table.tableName, [envName('lookupData', 1)]: placeIndex.name },
    grant: (grantee, access) => {
      const actions = typeof access === 'string' ? [...TABLE_ACTIONS[access], ...PLACE_INDEX_ACTIONS] : access;
      allow(grantee, ofService(actions, 'dynamodb'), [table.tableArn]);
      if (placeIndex.arn) allow(grantee, ofService(actions, 'geo'), [placeIndex.arn]);
    },
  };
}

export function bucketBinding(resource: Resource, bucket: s3.IBucket): Binding {
  return {
    name: resource,
    environment: { [envName(resource)]: bucket.bucketName },
    grant: (grantee, access) => {
      // ListBucket is on the bucket, the rest on its objects; a mode brings ListBucket with it.
      const actions = typeof access === 'string' ? [...OBJECT_ACTIONS[access], 's3:ListBucket'] : access;
      allow(
        grantee,
        actions.filter((a) => a !== 's3:ListBucket'),
        [bucket.arnForObjects('*')],
      );
      allow(
        grantee,
        actions.filter((a) => a === 's3:ListBucket'),
        [bucket.bucketArn],
      );
    },
  };
}

/**
 * The public user-pool client APIs (SignUp, ConfirmSignUp, InitiateAuth, ForgotPassword, …) are
 * authorised by client id, not IAM, so no access mode grants anything; the Admin* calls a route
 * makes by the applicant's `sub` (AdminGetUser, AdminUserGlobalSignOut) are granted by the actions
 * its row names, on the pool ARN only.
 */
export const IDENTITY_ACTIONS: Record<AccessMode, readonly string[]> = { read: [], readwrite: [], append: [] };

export function identityBinding(pool: cognito.IUserPool, client: cognito.IUserPoolClient): Binding {
  return {
    name: 'identity',
    environment: { [envName('identity', 0)]: pool.userPoolId, [envName('identity', 1)]: client.userPoolClientId },
    grant: (grantee, access) => allow(grantee, actionsOf(access, IDENTITY_ACTIONS), [pool.userPoolArn]),
  };
}

/** The staff pool: sign-in and refresh are public client APIs too (no IAM); the ids configure the verifier. */
export function staffIdentityBinding(pool: cognito.IUserPool, client: cognito.IUserPoolClient): Binding {
  return {
    name: 'staffIdentity',
    environment: { [envName('staffIdentity', 0)]: pool.userPoolId, [envName('staffIdentity', 1)]: client.userPoolClientId },
    grant: (grantee, access) => allow(grantee, actionsOf(access, IDENTITY_ACTIONS), [pool.userPoolArn]),
  };
}

/**
 * The machine pool: its tokens are verified with its public keys, so no IAM action; its id
 * configures the verifier, its token endpoint what the console shows. The console's screen of
 * the clients makes and deletes app clients: the actions its rows name, on the pool alone.
 */
export function sisIdentityBinding(pool: cognito.IUserPool, tokenEndpoint: string): Binding {
  return {
    name: 'sisIdentity',
    environment: { [envName('sisIdentity', 0)]: pool.userPoolId, [envName('sisIdentity', 1)]: tokenEndpoint },
    grant: (grantee, access) => allow(grantee, actionsOf(access, IDENTITY_ACTIONS), [pool.userPoolArn]),
  };
}

/** Reading the sparse index of submissions: Query on that one index. */
export const INDEX_ACTIONS: readonly string[] = ['dynamodb:Query'];

export function indexBinding(resource: Resource, table: dynamodb.ITable, indexName: string): Binding {
  return {
    name: resource,
    environment: { [envName(resource)]: table.tableName },
    grant: (grantee, access) => allow(grantee, typeof access === 'string' ? INDEX_ACTIONS : access, [`${table.tableArn}/index/${indexName}`]),
  };
}

/** Invoking is the only thing any caller does with a function. */
export function functionBinding(resource: Resource, fn: lambda.IFunction): Binding {
  return {
    name: resource,
    environment: { [envName(resource)]: fn.functionName },
    grant: (grantee, access) => allow(grantee, typeof access === 'string' ? ['lambda:InvokeFunction'] : access, [fn.functionArn]),
  };
}

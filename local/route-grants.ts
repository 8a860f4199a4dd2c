/**
 * IAM, as the local stack plays it: a route's handler runs here with the grants its row gives its
 * Lambda in AWS (lambdas/routes.ts), and every DynamoDB and S3 call it makes is checked against
 * them as IAM would check the Lambda's role. A call the row does not grant is refused with the
 * error AWS gives (AccessDeniedException, or S3's AccessDenied), so the route answers its 500
 * here as it would in AWS, and the integration test that exercises it fails instead of the
 * deployment.
 *
 * What it sees: the calls of the adapters' DynamoDB and S3 clients (lambdas/adapters/clients.ts),
 * presigned GETs included; the presigned POST and the Lambda, SES and Scheduler calls, which the
 * local stack replaces with its stand-ins, are held by the infra checks (test/infra/grants.test.ts).
 * What runs outside any route (the stack's set-up, the stand-ins of other functions: the
 * confirmation job, the retention function, the release timers) is not a route's, and is not checked.
 *
 * A grant limited to some partitions (`Grant.keys`, IAM's `dynamodb:LeadingKeys` condition) allows
 * a call only when every partition key it names (its Key's, its Item's, its query's) matches one of
 * them, as IAM's ForAllValues:StringLike does (a batch read's keys, each).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { onSdkClient } from '#adapters/clients';
import { SDK_CALL_ACTIONS, type Resource } from '#adapters/iam-actions';
import { AUDIT_TRAIL_INDEX } from '#domain/ports/audit';
import { IN_PROGRESS_INDEX } from '#domain/ports/in-progress';
import { CHANGES_INDEX, NAME_INDEX, SCORE_INDEX, SUBMISSIONS_INDEX } from '#domain/ports/submissions';
import { config } from '#lambdas/config';
import type { Grant, RouteDef } from '#lambdas/routes';

/** The resource a call's input names: its table (or the submissions index), or its bucket. */
export function resourceOf(input: { TableName?: unknown; IndexName?: unknown; Bucket?: unknown }): Resource | undefined {
  const c = config();
  if (typeof input.TableName === 'string') {
    if (input.TableName === c.answersTable && input.IndexName === SUBMISSIONS_INDEX) return 'submissionsIndex';
    if (input.TableName === c.answersTable && input.IndexName === CHANGES_INDEX) return 'changesIndex';
    if (input.TableName === c.answersTable && input.IndexName === NAME_INDEX) return 'nameIndex';
    if (input.TableName === c.answersTable && input.IndexName === SCORE_INDEX) return 'scoreIndex';
    if (input.TableName === c.answersTable && input.IndexName === IN_PROGRESS_INDEX) return 'inProgressIndex';
    if (input.TableName === c.auditTable && input.IndexName === AUDIT_TRAIL_INDEX) return 'auditTrailIndex';
    const tables: Record<string, Resource> = {
      [c.answersTable]: 'answersTable',
      [c.statusTable]: 'statusTable',
      [c.tabsTable]: 'tabsTable',
      [c.auditTable]: 'auditTable',
      [c.lookupTable]: 'lookupData',
    };
    return tables[input.TableName];
  }
  if (typeof input.Bucket === 'string') {
    const buckets: Record<string, Resource> = {
      [c.uploadsBucket]: 'uploadsBucket',
      [c.documentsBucket]: 'documentsBucket',
      [c.exportsBucket]: 'exportsBucket',
    };
    return buckets[input.Bucket];
  }
  return undefined;
}

/** The document client's commands reach the client's middleware under the item command's name. */
const DOCUMENT_COMMANDS: Record<string, string> = {
  GetItemCommand: 'GetCommand',
  PutItemCommand: 'PutCommand',
  UpdateItemCommand: 'UpdateCommand',
  DeleteItemCommand: 'DeleteCommand',
  BatchGetItemCommand: 'BatchGetCommand',
};

/** The partition key's value, as the document client has it (a string) or after marshalling ({ S }). */
function keyValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  const s = (value as { S?: unknown } | undefined)?.S;
  return typeof s === 'string' ? s : undefined;
}

/**
 * The partition keys a DynamoDB call names (IAM's `dynamodb:LeadingKeys`): its Key's or Item's
 * `pk`, or the value a query's key condition sets it equal to. A query of an index names the
 * index's partition key, which is no `pk`: none.
 */
export function leadingKeysOf(input: {
  Key?: Record<string, unknown>;
  Item?: Record<string, unknown>;
  IndexName?: unknown;
  KeyConditionExpression?: unknown;
  ExpressionAttributeNames?: Record<string, unknown>;
  ExpressionAttributeValues?: Record<string, unknown>;
}): string[] {
  const direct = keyValue(input.Key?.pk) ?? keyValue(input.Item?.pk);
  if (direct !== undefined) return [direct];
  if (typeof input.KeyConditionExpression !== 'string' || input.IndexName !== undefined) return [];
  for (const [, name, placeholder] of input.KeyConditionExpression.matchAll(/(#?\w+)\s*=\s*(:\w+)/g)) {
    const attribute = name?.startsWith('#') ? input.ExpressionAttributeNames?.[name] : name;
    const value = attribute === 'pk' && placeholder ? keyValue(input.ExpressionAttributeValues?.[placeholder]) : undefined;
    if (value !== undefined) return [value];
  }
  return [];
}

/** IAM's StringLike: `*` any run of characters, `?` one. */
export function stringLike(pattern: string, value: string): boolean {
  const source = pattern
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${source}$`, 's').test(value);
}

/** Whether a grant allows an action on the partitions a call names (ForAllValues: each must match one pattern). */
const allowsOn = (grant: Grant, action: string, partitions: readonly string[]): boolean =>
  grant.actions.includes(action) && (!grant.keys || partitions.every((pk) => grant.keys?.some((pattern) => stringLike(pattern, pk))));

/** Why a route's grants refuse a call (IAM's sentence), or undefined when they allow it. */
export function refusal(route: { name: string; grants: readonly Grant[] }, command: string, input: object): string | undefined {
  const needed: readonly string[] | undefined = (SDK_CALL_ACTIONS as Record<string, readonly string[]>)[DOCUMENT_COMMANDS[command] ?? command];
  const resource = resourceOf(input);
  const on = resource ?? JSON.stringify(input).slice(0, 80);
  if (!needed) return `${route.name} sent ${command}, which no adapter declares (lambdas/adapters/iam-actions.ts), on ${on}`;
  if (needed.length === 0) return undefined;
  // A batch read is allowed when each of its keys is, table by table, as IAM checks its LeadingKeys.
  const batch = (input as { RequestItems?: Record<string, { Keys?: Array<Record<string, unknown>> }> }).RequestItems;
  if (batch) {
    for (const [TableName, { Keys = [] }] of Object.entries(batch))
      for (const Key of Keys.length ? Keys : [{}]) {
        const why = refusal(route, command, { TableName, Key });
        if (why) return why;
      }
    return undefined;
  }
  const grants = route.grants.filter((g) => g.resource === resource);
  const partitions = leadingKeysOf(input);
  const missing = needed.filter((action) => !grants.some((g) => allowsOn(g, action, partitions)));
  if (missing.length === 0) return undefined;
  const granted = grants.map((g) => `${g.actions.join(', ')}${g.keys ? ` on partitions ${g.keys.join(', ')}` : ''}`).join('; ');
  const where = partitions.length > 0 ? ` (partition ${partitions.join(', ')})` : '';
  return `User: arn:aws:sts::000000000000:assumed-role/local/${route.name} is not authorized to perform: ${missing.join(', ')} on resource: ${on}${where} because no identity-based policy allows it (its row in lambdas/routes.ts grants ${granted || 'nothing'} there)`;
}

/** The error AWS answers a refused call with. */
function accessDenied(service: 'dynamodb' | 's3', message: string): Error {
  return Object.assign(new Error(message), {
    name: service === 's3' ? 'AccessDenied' : 'AccessDeniedException',
    $fault: 'client',
    $metadata: { httpStatusCode: service === 's3' ? 403 : 400 },
  });
}

const current = new AsyncLocalStorage<Pick<RouteDef, 'name' | 'grants'>>();

/** Runs a route's handler with its row's grants: every SDK call it makes, until its work ends, is checked against them. */
export function asRoute<T>(route: RouteDef, run: () => Promise<T>): Promise<T> {
  return current.run(route, run);
}

/** A stand-in for an event function runs with the grants lib/ gives that function (the reset e-mail's words: the Cognito trigger's). */
export function asFunction<T>(fn: { name: string; grants: readonly Grant[] }, run: () => Promise<T>): Promise<T> {
  return current.run(fn, run);
}

/** A stand-in for another function (the confirmation job, the retention function, a release timer) runs with no route's grants. */
export function outsideRoutes<A extends unknown[], T>(fn: (...args: A) => T): (...args: A) => T {
  return (...args) => current.exit(() => fn(...args));
}

type Refused = (route: string, message: string) => void;
let installed = false;

/**
 * From now on, the adapters' clients in this process check each call against the grants of the
 * route it runs in. `standInTables` are the stand-ins' own (the local identity provider keeps its
 * accounts in one, as Cognito does in its service): a call there is the stand-in's, not the route's.
 */
export function enforceRouteGrants(standInTables: readonly string[], onRefused: Refused): void {
  if (installed) return;
  installed = true;
  const standIns = new Set(standInTables);
  const check =
    (service: 'dynamodb' | 's3') =>
    <I extends { input: object }, O>(next: (args: I) => Promise<O>, context: { commandName?: string }) =>
    (args: I): Promise<O> => {
      const route = current.getStore();
      const table = (args.input as { TableName?: unknown }).TableName;
      const why = route && !(typeof table === 'string' && standIns.has(table)) && refusal(route, context.commandName ?? 'an unnamed command', args.input);
      if (route && why) {
        onRefused(route.name, why);
        return Promise.reject(accessDenied(service, why));
      }
      return next(args);
    };
  const options = { step: 'initialize', priority: 'high', name: 'localRouteGrants' } as const;
  onSdkClient((client) => {
    if (client.service === 'dynamodb') client.stack.add(check('dynamodb'), options);
    else client.stack.add(check('s3'), options);
  });
}

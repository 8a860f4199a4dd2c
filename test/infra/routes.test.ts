import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CfnResource } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { OBJECT_ACTIONS, TABLE_ACTIONS } from '#cdk/bindings';
import { REPO_ROOT } from '#cdk/settings';
import { ENV_BY_RESOURCE, entryOf, routes, type Grant, type Resource, type RouteDef } from '#lambdas/routes';
import { synth } from './harness';
import { arnOf, objectsOf, pairs, permissionsOfFunction, resource, resources, type Json } from './template';

const { stack, template, sources } = synth();
const logicalId = (c: IConstruct) => stack.getLogicalId(c.node.defaultChild as CfnResource);
const BASE_ENV = ['APP_ENV', 'IDENTITY_PROVIDER', 'PUBLIC_ORIGIN', 'NODE_OPTIONS', 'USER_POOL_ID', 'USER_POOL_CLIENT_ID'];

/** What a grant must turn into, resource by resource (the contract of lambdas/routes.ts). */
function expectedPermissions(grant: Grant): string[] {
  const of = (service: string) => grant.actions.filter((a) => a.startsWith(`${service}:`));
  const table = (t: IConstruct) => pairs(of('dynamodb'), arnOf(logicalId(t)));
  const objects = grant.actions.filter((a) => a.startsWith('s3:') && a !== 's3:ListBucket');
  const list = grant.actions.filter((a) => a === 's3:ListBucket');
  const bucket = (b: IConstruct) => [...pairs(objects, objectsOf(logicalId(b))), ...pairs(list, arnOf(logicalId(b)))];
  const byResource: Record<Resource, () => string[]> = {
    answersTable: () => table(stack.data.answers),
    statusTable: () => table(stack.data.status),
    tabsTable: () => table(stack.data.tabs),
    lookupData: () => [...table(stack.data.lookup), ...pairs(of('geo'), arnOf(stack.getLogicalId(stack.places!)))],
    uploadsBucket: () => bucket(stack.documents.uploads),
    documentsBucket: () => bucket(stack.documents.documents),
    identity: () => pairs(of('cognito-idp'), arnOf(logicalId(stack.auth.userPool))),
    renderFunction: () => pairs(of('lambda'), arnOf(logicalId(stack.renderer.fn))),
    staffIdentity: () => pairs(of('cognito-idp'), arnOf(logicalId(stack.staff.userPool))),
    sisIdentity: () => pairs(of('cognito-idp'), arnOf(logicalId(stack.sis.userPool))),
    auditTable: () => table(stack.staff.audit),
    events: () => pairs(of('lambda'), arnOf(logicalId(stack.staff.publisher))),
    exportsBucket: () => bucket(stack.staff.exports),
    submissionsIndex: () => pairs(of('dynamodb'), { 'Fn::Join': ['', [arnOf(logicalId(stack.data.answers)), '/index/submitted']] }),
    changesIndex: () => pairs(of('dynamodb'), { 'Fn::Join': ['', [arnOf(logicalId(stack.data.answers)), '/index/changed']] }),
    nameIndex: () => pairs(of('dynamodb'), { 'Fn::Join': ['', [arnOf(logicalId(stack.data.answers)), '/index/by-name']] }),
    scoreIndex: () => pairs(of('dynamodb'), { 'Fn::Join': ['', [arnOf(logicalId(stack.data.answers)), '/index/by-score']] }),
    inProgressIndex: () => pairs(of('dynamodb'), { 'Fn::Join': ['', [arnOf(logicalId(stack.data.answers)), '/index/in-progress']] }),
    auditTrailIndex: () => pairs(of('dynamodb'), { 'Fn::Join': ['', [arnOf(logicalId(stack.staff.audit)), '/index/trail']] }),
    confirmationFunction: () => pairs(of('lambda'), arnOf(logicalId(stack.mail.fn))),
    retentionFunction: () => pairs(of('lambda'), arnOf(logicalId(stack.retention.sweep))),
    // This synthesis has no mail sender: nothing to grant (test/infra/mail.test.ts checks the granted case).
    mail: () => (stack.mail.identityArn ? [`unexpected: ${of('ses').join()}`] : []),
    // The release schedules of the group, and the scheduler's role passed with each new one.
    mailingQueue: () => pairs(of('sqs'), arnOf(logicalId(stack.messages.queue))),
    releaseSchedule: () => [
      ...pairs(of('scheduler'), stack.resolve(stack.releases.schedulesArn)),
      ...pairs(of('iam'), arnOf(logicalId(stack.releases.schedulerRole))),
    ],
  };
  return byResource[grant.resource]();
}

function functionOf(name: string): [string, Json] {
  const fn = stack.api.functions.get(name);
  if (!fn) throw new Error(`no function for route ${name}`);
  const id = logicalId(fn);
  return [id, resource(template, id)];
}

describe('one Lambda per route', () => {
  it('creates exactly one function and one API route per row of the route table', () => {
    expect(
      resources(template, 'AWS::ApiGatewayV2::Route')
        .map(([, r]) => r.Properties.RouteKey)
        .sort(),
    ).toEqual(routes.map((r) => `${r.method} ${r.path}`).sort());
    expect(new Set(routes.map((r) => logicalId(stack.api.functions.get(r.name) as IConstruct))).size).toBe(routes.length);
  });

  it.each(routes.map((r) => [r.name, r] as const))('%s runs its own handler module on Node 24', (name, route) => {
    const [, fn] = functionOf(name);
    expect(fn.Properties.Runtime).toBe('nodejs24.x');
    expect(fn.Properties.Handler).toBe('index.handler');
    expect(fn.Properties.Description).toBe(`${route.method} ${route.path}`);
    expect(stack.api.functions.get(name)?.entryPath).toBe(path.join(sources.sourceRoot, 'lambdas', route.entry));
  });

  it.each(routes.map((r) => [r.name, r] as const))('%s is allowed exactly what its grants list, and logging', (name, route) => {
    const [id, fn] = functionOf(name);
    const logGroup = fn.Properties.LoggingConfig.LogGroup.Ref as string;
    const expected = new Set([...route.grants.flatMap(expectedPermissions), ...pairs(['logs:CreateLogStream', 'logs:PutLogEvents'], arnOf(logGroup))]);
    expect([...permissionsOfFunction(template, id)].sort()).toEqual([...expected].sort());
  });

  it.each(routes.map((r) => [r.name, r] as const))('%s is configured with the names of exactly what it may touch', (name, route) => {
    const [, fn] = functionOf(name);
    const wanted = new Set([...BASE_ENV, ...route.grants.flatMap((g) => ENV_BY_RESOURCE[g.resource])]);
    expect(Object.keys(fn.Properties.Environment.Variables).sort()).toEqual([...wanted].sort());
    expect(fn.Properties.Environment.Variables.IDENTITY_PROVIDER).toBe('cognito');
    expect(fn.Properties.Environment.Variables.APP_ENV).toBe('production');
  });

  it('read-only grants carry no write action', () => {
    const write = /(Put|Update|Delete|Write|Create|Abort|Invoke)/;
    expect(TABLE_ACTIONS.read.filter((a) => write.test(a))).toEqual([]);
    expect(OBJECT_ACTIONS.read.filter((a) => write.test(a))).toEqual([]);
  });

  it('tells the functions the site URL, the tables their names and the identity ids by reference', () => {
    const [, login] = functionOf('logIn');
    const env = login.Properties.Environment.Variables;
    expect(env.STATUS_TABLE).toEqual({ Ref: logicalId(stack.data.status) });
    expect(env.USER_POOL_ID).toEqual({ Ref: logicalId(stack.auth.userPool) });
    expect(env.USER_POOL_CLIENT_ID).toEqual({ Ref: logicalId(stack.auth.client) });
    expect(env.PUBLIC_ORIGIN).toEqual({ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalId(stack.site.distribution), 'DomainName'] }]] });
  });
});

describe('IAM across the stack', () => {
  const cdkProvider = (roleId: string) => /BucketNotificationsHandler|CDKBucketDeployment/.test(roleId);

  it('no role of ours has a wildcard action or a "*" resource', () => {
    const offending: string[] = [];
    for (const [, policy] of resources(template, 'AWS::IAM::Policy')) {
      if (policy.Properties.Roles.every((r: Json) => cdkProvider(r.Ref))) continue;
      for (const s of policy.Properties.PolicyDocument.Statement) {
        const actions = [s.Action].flat() as string[];
        for (const a of actions) if (a.includes('*')) offending.push(a);
        if ([s.Resource].flat().includes('*')) offending.push(`${actions.join(',')} on *`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('no role of ours uses an AWS-managed policy, except the one AWS Backup assumes for the audit copy', () => {
    // AWS Backup's own service role takes the service policy AWS documents for it (no function of ours can assume it: test/infra/audit-backup.test.ts).
    const backupRole = (r: { Properties: { AssumeRolePolicyDocument?: unknown } }) =>
      JSON.stringify(r.Properties.AssumeRolePolicyDocument ?? '').includes('backup.amazonaws.com');
    const withManaged = resources(template, 'AWS::IAM::Role').filter(
      ([id, r]) => !cdkProvider(id) && !backupRole(r) && (r.Properties.ManagedPolicyArns ?? []).length > 0,
    );
    expect(withManaged.map(([id]) => id)).toEqual([]);
  });

  it('has the HTTP API as the only caller of each route function', () => {
    for (const route of routes) {
      const [id] = functionOf(route.name);
      const permissions = resources(template, 'AWS::Lambda::Permission').filter(([, p]) => JSON.stringify(p.Properties.FunctionName).includes(id));
      expect(permissions.map(([, p]) => p.Properties.Principal)).toEqual(['apigateway.amazonaws.com']);
    }
  });
});

describe('HTTP API stage', () => {
  it('throttles and writes access logs without headers or query strings', () => {
    const [[, stage]] = resources(template, 'AWS::ApiGatewayV2::Stage') as [[string, Json]];
    expect(stage.Properties.DefaultRouteSettings.ThrottlingRateLimit).toBeGreaterThan(0);
    expect(stage.Properties.DefaultRouteSettings.ThrottlingBurstLimit).toBeGreaterThan(0);
    const format = stage.Properties.AccessLogSettings.Format as string;
    expect(format).toContain('$context.requestId');
    expect(format).not.toMatch(/header|querystring|cookie/i);
  });
});

describe('one name per operation', () => {
  const rows: readonly RouteDef[] = routes;
  it.each(rows.map((r) => [r.name, r] as const))(
    '%s lives in the module named after its path (parameters by name) and method, and takes its row by that name',
    (name, route) => {
      // The row's entry is entryOf(method, path) (below); the module is there and takes its row by the route's name.
      const source = fs.readFileSync(path.join(REPO_ROOT, 'lambdas', route.entry), 'utf8');
      // route('name') from the table, or routeRow('name', {...}), checked against it by the compiler (lambdas/route-row.ts);
      // a link route's or a locked route's row inside the wrapper that adds its middleware (openedByLink, lockedAfterSubmit).
      expect(source.replace(/\s+/g, '')).toMatch(new RegExp(`httpHandler\\(((openedByLink|lockedAfterSubmit)\\()?route(Row)?\\('${name}'[,)]`));
      const wrapper = route.openedByLink ? 'openedByLink' : route.lockedAfterSubmit === true ? 'lockedAfterSubmit' : undefined;
      if (wrapper) expect(source.replace(/\s+/g, '')).toContain(`httpHandler(${wrapper}(route`);
    },
  );

  it('names a handler module after the path (parameters by name) and the method', () => {
    expect(entryOf('PUT', '/api/document-answer/{key}')).toBe('http/api-document-answer-key-put.ts');
    expect(entryOf('GET', '/staff/api/export.csv')).toBe('http/staff-api-export-csv-get.ts');
    expect(rows.every((r) => r.entry === entryOf(r.method, r.path))).toBe(true);
  });

  it('names are unique', () => {
    expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
  });

  it('every route locked after submit is an applicant route that may read the lock', () => {
    const locked = rows.filter((r) => r.lockedAfterSubmit);
    expect(locked.map((r) => r.name).sort()).toEqual([
      'attachUpload',
      'deleteConversion',
      'deleteDocument',
      'grantUpload',
      'saveAddAnother',
      'saveAnswers',
      'saveTab',
    ]);
    for (const r of locked) {
      expect(r.access).toBe('applicant');
      expect(r.grants.some((g) => g.resource === 'answersTable')).toBe(true);
    }
  });
});

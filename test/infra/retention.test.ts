/**
 * Retention in the deployment: the daily rule that drives the retention sweep Lambda (retries,
 * a dead-letter queue, alarms), the only role that may list the applicants' pool or delete from
 * it (the office's erase route invokes it to delete one), grants that match the sweep's own calls plus the erasure's, and what expires by itself
 * (DynamoDB TTL on every table, the buckets' lifecycle rules).
 */
import type { CfnResource } from 'aws-cdk-lib';
import { UPLOAD_URL_TTL_SECONDS } from '#adapters/storage/signed-objects';
import { TTL_ATTRIBUTE } from '#cdk/data';
import { LETTER_PREFIX, ORIGINALS_KEPT_DAYS, UPLOAD_PREFIX } from '#cdk/documents';
import { ERASURE_GRANTS, SWEEP_GRANTS } from '#cdk/retention';
import { EXPORT_RETENTION_DAYS } from '#cdk/staff';
import { LEFTOVERS_DELAY_MS } from '#domain/data-rights/late-writes';
import { callsOfEntries } from './adapter-calls';
import { synth } from './harness';
import { arnOf, objectsOf, pairs, permissionsOfFunction, resource, resources, type Json } from './template';

type Stack = ReturnType<typeof synth>['stack'];
const idOf = (stack: Stack, c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnResource);
const withoutLogs = (permissions: Set<string>) => [...permissions].filter((p) => !p.startsWith('logs:')).sort();

describe('the retention sweep', () => {
  const { stack, template } = synth();
  const sweep = idOf(stack, stack.retention.sweep);

  it('runs once a day on an EventBridge rule, retried twice, then kept in a dead-letter queue with an alarm, and alarms on errors', () => {
    const rules = resources(template, 'AWS::Events::Rule').filter(([, r]) => JSON.stringify(r.Properties.Targets).includes(sweep));
    expect(rules).toHaveLength(1);
    const [, rule] = rules[0]!;
    expect(rule.Properties.ScheduleExpression).toBe('cron(0 5 * * ? *)');
    const [target] = rule.Properties.Targets;
    expect(target.Arn).toEqual(arnOf(sweep));
    expect(target.RetryPolicy).toEqual({ MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 6 * 3600 });
    const queue = idOf(stack, stack.retention.deadLetters);
    expect(target.DeadLetterConfig.Arn).toEqual(arnOf(queue));
    const alarms = resources(template, 'AWS::CloudWatch::Alarm').map(([, a]) => JSON.stringify(a.Properties.Dimensions ?? []));
    expect(alarms.some((d) => d.includes(queue))).toBe(true);
    expect(alarms.some((d) => d.includes(sweep))).toBe(true);
    expect(resource(template, sweep).Properties.Timeout).toBe(900);
  });

  it('may do what the sweep and the erasure call, on the tables, index, buckets, pool and sender they call it on, and nothing else', () => {
    const id = (c: { node: { defaultChild?: unknown } }) => idOf(stack, c);
    const index = { 'Fn::Join': ['', [arnOf(id(stack.data.answers)), '/index/submitted']] };
    const pool = arnOf(id(stack.auth.userPool));
    const expected = [
      ...pairs([...new Set([...SWEEP_GRANTS.statusTable, ...ERASURE_GRANTS.statusTable])], arnOf(id(stack.data.status))),
      ...pairs([...new Set([...SWEEP_GRANTS.answersTable, ...ERASURE_GRANTS.answersTable])], arnOf(id(stack.data.answers))),
      ...pairs(ERASURE_GRANTS.tabsTable, arnOf(id(stack.data.tabs))),
      ...pairs(SWEEP_GRANTS.submissionsIndex, index),
      ...pairs(['s3:DeleteObject'], objectsOf(id(stack.documents.uploads))),
      ...pairs(['s3:ListBucket'], arnOf(id(stack.documents.uploads))),
      ...pairs(['s3:DeleteObject'], objectsOf(id(stack.documents.documents))),
      ...pairs(['s3:ListBucket'], arnOf(id(stack.documents.documents))),
      ...pairs(['s3:DeleteObject'], objectsOf(id(stack.staff.exports))),
      ...pairs(['s3:ListBucket'], arnOf(id(stack.staff.exports))),
      ...pairs(['cognito-idp:ListUsers', 'cognito-idp:AdminDeleteUser'], pool),
      ...pairs(['lambda:InvokeFunction'], arnOf(id(stack.staff.publisher))),
    ].sort();
    const granted = withoutLogs(permissionsOfFunction(template, sweep)).filter((p) => !p.startsWith('ses:'));
    expect(granted).toEqual(expected);
    const variables = resource(template, sweep).Properties.Environment.Variables as Record<string, unknown>;
    expect(Object.keys(variables).sort()).toEqual(
      [
        'ANSWERS_TABLE',
        'APP_ENV',
        'DOCUMENTS_BUCKET',
        'EVENTS_FUNCTION_NAME',
        'EXPORTS_BUCKET',
        'IDENTITY_PROVIDER',
        'MAIL_FROM_ADDRESS',
        'NODE_OPTIONS',
        'PUBLIC_ORIGIN',
        'STATUS_TABLE',
        'TABS_TABLE',
        'UPLOADS_BUCKET',
        'USER_POOL_CLIENT_ID',
        'USER_POOL_ID',
      ].sort(),
    );
  });

  it('is the only function that may list the applicants or delete one from the pool; only the office\u2019s erase route and closing an account may invoke it, to hand it an identity', () => {
    const policies = resources(template, 'AWS::IAM::Policy');
    const rolesOf = (p: Json) => (p.Properties.Roles as Json[]).map((r) => r.Ref as string);
    // On the applicants' pool: the staff pool's users are the console's staff-user routes' (test/infra/staff.test.ts).
    const applicantPool = JSON.stringify({ 'Fn::GetAtt': [idOf(stack, stack.auth.userPool), 'Arn'] });
    const onApplicants = (st: Json, action: string) =>
      [st.Action].flat().includes(`cognito-idp:${action}`) && [st.Resource].flat().some((r) => JSON.stringify(r) === applicantPool);
    const holders = (action: string) =>
      policies.filter(([, p]) => (p.Properties.PolicyDocument.Statement as Json[]).some((st) => onApplicants(st, action))).flatMap(([, p]) => rolesOf(p));
    const sweepRole = resource(template, sweep).Properties.Role['Fn::GetAtt'][0] as string;
    expect(holders('ListUsers')).toEqual([sweepRole]);
    expect(holders('AdminDeleteUser')).toEqual([sweepRole]);
    // The roles that may invoke the sweep: the office's erase route and the applicant's closing of their account (EventBridge's rule invokes it by the function's own policy).
    const invokesSweep = (st: Json) =>
      [st.Action].flat().includes('lambda:InvokeFunction') && [st.Resource].flat().some((r) => JSON.stringify(r) === JSON.stringify(arnOf(sweep)));
    const invokers = policies.filter(([, p]) => (p.Properties.PolicyDocument.Statement as Json[]).some(invokesSweep)).flatMap(([, p]) => rolesOf(p));
    const roleOf = (route: string) => resource(template, idOf(stack, stack.api.functions.get(route)!)).Properties.Role['Fn::GetAtt'][0] as string;
    expect(invokers.sort()).toEqual([roleOf('eraseApplication'), roleOf('closeAccount')].sort());
  });

  it('is granted no call of its own that its code does not make, and its code makes none it is not granted', { timeout: 60_000 }, async () => {
    const code = (await callsOfEntries(['events/sweep-retention.ts'], [])).get('events/sweep-retention.ts')!;
    expect(code.undeclared).toEqual([]);
    const made = (resource: string) => [...(code.actions.get(resource as never) ?? [])];
    const granted = (resource: string): readonly string[] => [
      ...((SWEEP_GRANTS as Record<string, readonly string[]>)[resource] ?? []),
      ...((ERASURE_GRANTS as Record<string, readonly string[]>)[resource] ?? []),
    ];
    for (const resource of new Set([...Object.keys(SWEEP_GRANTS), ...Object.keys(ERASURE_GRANTS)]))
      expect(made(resource), resource).toEqual(expect.arrayContaining([...granted(resource)]));
    // Beyond its grants its code may only read (its modules' other functions, never run); no write, scan or deletion.
    const beyond = [...code.actions].flatMap(([resource, actions]) =>
      [...actions].filter((a) => !granted(resource).includes(a)).map((a) => `${resource} ${a}`),
    );
    // The erasure store names the three tables, so the scanner counts its one Put (the marker, in the status table) on each.
    const markerPut = ['answersTable dynamodb:PutItem', 'tabsTable dynamodb:PutItem'];
    expect(beyond.filter((a) => !/ dynamodb:(GetItem|Query)$/.test(a) && !markerPut.includes(a))).toEqual([]);
  });
});

describe('the pass over accounts erased lately', () => {
  const { stack, template } = synth();
  const timeout = (fn: { node: { defaultChild?: unknown } }) => resource(template, idOf(stack, fn)).Properties.Timeout as number;
  const eventAge = (fn: { node: { defaultChild?: unknown } }) => {
    const id = idOf(stack, fn);
    const configs = resources(template, 'AWS::Lambda::EventInvokeConfig').filter(([, c]) => JSON.stringify(c.Properties.FunctionName).includes(id));
    expect(configs).toHaveLength(1);
    return configs[0]![1].Properties.MaximumEventAgeInSeconds as number;
  };

  it('waits (LEFTOVERS_DELAY_MS) longer than a late writer can still write after the closure: the latest event, its oldest retry, the longest run', () => {
    // The late writers: the converter (documents, letters) and the renderer (the application PDF, decision letters).
    const writers = [stack.documents.converter, stack.renderer.fn];
    // An event sent after the closure: an upload posted with a form issued before, or a release run already going that asks for a letter's print.
    const latestEvent = Math.max(UPLOAD_URL_TTL_SECONDS, timeout(stack.releases.fn));
    const oldestRetry = Math.max(...writers.map(eventAge));
    const longestRun = Math.max(...writers.map(timeout));
    expect(longestRun).toBe(180);
    expect((latestEvent + oldestRetry + longestRun) * 1000).toBeLessThanOrEqual(LEFTOVERS_DELAY_MS);
  });
});

describe('what expires by itself', () => {
  const { stack, template } = synth();

  it('every table of applicants\u2019 data has DynamoDB TTL on the attribute the adapters write', () => {
    expect(TTL_ATTRIBUTE).toBe('expiresAt');
    for (const table of [stack.data.answers, stack.data.status, stack.data.tabs]) {
      expect(resource(template, idOf(stack, table)).Properties.TimeToLiveSpecification).toEqual({ AttributeName: TTL_ATTRIBUTE, Enabled: true });
    }
  });

  it('uploaded originals (attached or abandoned) and recommenders\u2019 letters leave the uploads bucket after a day', () => {
    expect(ORIGINALS_KEPT_DAYS).toBe(1);
    const rules = resource(template, idOf(stack, stack.documents.uploads)).Properties.LifecycleConfiguration.Rules as Json[];
    for (const prefix of [UPLOAD_PREFIX, LETTER_PREFIX]) {
      expect(rules.find((r) => r.Prefix === prefix)).toMatchObject({ ExpirationInDays: 1, Status: 'Enabled' });
    }
  });

  it('the office\u2019s exports leave the exports bucket after a day', () => {
    expect(EXPORT_RETENTION_DAYS).toBe(1);
    const rules = resource(template, idOf(stack, stack.staff.exports)).Properties.LifecycleConfiguration.Rules as Json[];
    expect(rules.filter((r) => !r.Prefix)).toEqual([expect.objectContaining({ ExpirationInDays: 1, Status: 'Enabled' })]);
  });
});

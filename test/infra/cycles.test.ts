/**
 * The cycles' daily sweep in the deployment (issue 37, item 4): an EventBridge Scheduler schedule
 * on the institution's clock invokes the offers sweep Lambda through a role that may invoke that
 * function alone, for this account alone; failed runs are retried and kept in a dead-letter queue
 * with alarms; the function holds exactly the calls its code makes, and its code makes none it
 * is not granted.
 */
import type { CfnResource } from 'aws-cdk-lib';
import { OFFER_SWEEP_GRANTS, OFFER_SWEEP_SCHEDULE } from '#cdk/cycles';
import { timetable } from '#form/institution-cycles';
import { OFFICE_WORDS_READ } from '#lambdas/routes';
import { callsOfEntries } from './adapter-calls';
import { synth } from './harness';
import { arnOf, pairs, permissionsOfFunction, permissionsOfRole, resource, resources } from './template';

type Stack = ReturnType<typeof synth>['stack'];
const idOf = (stack: Stack, c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnResource);
const withoutLogs = (permissions: Set<string>) => [...permissions].filter((p) => !p.startsWith('logs:')).sort();

describe('the offers sweep', () => {
  const { stack, template } = synth();
  const fn = idOf(stack, stack.cycles.sweep);
  const schedulerRole = idOf(stack, stack.cycles.schedulerRole);

  it("runs once a day on an EventBridge Scheduler schedule, a quarter past midnight on the institution's clock", () => {
    const schedules = resources(template, 'AWS::Scheduler::Schedule').filter(([, s]) => JSON.stringify(s.Properties.Target).includes(fn));
    expect(schedules).toHaveLength(1);
    const [, schedule] = schedules[0]!;
    expect(schedule.Properties).toMatchObject({
      ScheduleExpression: OFFER_SWEEP_SCHEDULE,
      ScheduleExpressionTimezone: timetable.timeZone,
      FlexibleTimeWindow: { Mode: 'OFF' },
    });
    expect(schedule.Properties.Target.Arn).toEqual(arnOf(fn));
    expect(schedule.Properties.Target.RoleArn).toEqual(arnOf(schedulerRole));
    expect(stack.cycles.sweep.entryPath.endsWith('lambdas/events/sweep-offers.ts')).toBe(true);
    expect(resource(template, fn).Properties.Timeout).toBe(900);
  });

  it('is invoked by Scheduler with a role of this account that may invoke that function and nothing else', () => {
    const role = resource(template, schedulerRole);
    const [statement] = role.Properties.AssumeRolePolicyDocument.Statement;
    expect(statement.Principal).toEqual({ Service: 'scheduler.amazonaws.com' });
    expect(statement.Condition).toEqual({ StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } });
    expect([...permissionsOfRole(template, schedulerRole)]).toEqual(pairs(['lambda:InvokeFunction'], arnOf(fn)));
  });

  it('a run that fails its retries is kept in a dead-letter queue, with alarms on it and on errors', () => {
    const queue = idOf(stack, stack.cycles.deadLetters);
    const [[, config]] = resources(template, 'AWS::Lambda::EventInvokeConfig').filter(([, c]) => JSON.stringify(c.Properties.FunctionName).includes(fn)) as [
      [string, { Properties: Record<string, unknown> }],
    ];
    expect(config.Properties).toMatchObject({ MaximumRetryAttempts: 2, DestinationConfig: { OnFailure: { Destination: arnOf(queue) } } });
    const alarms = resources(template, 'AWS::CloudWatch::Alarm').map(([, a]) => JSON.stringify(a.Properties.Dimensions ?? []));
    expect(alarms.some((d) => d.includes(queue))).toBe(true);
    expect(alarms.some((d) => d.includes(fn))).toBe(true);
  });

  it('may do exactly what the sweep calls, on the tables, index, sender and functions it calls it on', () => {
    const arn = (c: { node: { defaultChild?: unknown } }) => arnOf(idOf(stack, c));
    const expected = [
      ...pairs(OFFER_SWEEP_GRANTS.answersTable, arn(stack.data.answers)),
      ...pairs(OFFER_SWEEP_GRANTS.submissionsIndex, { 'Fn::Join': ['', [arn(stack.data.answers), '/index/submitted']] }),
      ...pairs(OFFER_SWEEP_GRANTS.auditTable, arn(stack.staff.audit)),
      ...pairs([...new Set([...OFFER_SWEEP_GRANTS.statusTable, ...OFFICE_WORDS_READ.actions])], arn(stack.data.status)),
      ...pairs(['lambda:InvokeFunction'], arn(stack.staff.publisher)),
      ...pairs(['lambda:InvokeFunction'], arn(stack.renderer.fn)),
      ...pairs(['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'], arn(stack.cycles.deadLetters)),
    ].sort();
    // SES only with a sender configured (this synth has none; lib/mail.ts's test covers the grant).
    expect(withoutLogs(permissionsOfFunction(template, fn)).filter((p) => !p.startsWith('ses:'))).toEqual(expected);
  });

  it('is granted no call its code does not make, and its code makes none it is not granted', { timeout: 60_000 }, async () => {
    const code = (await callsOfEntries(['events/sweep-offers.ts'], [])).get('events/sweep-offers.ts')!;
    expect(code.undeclared).toEqual([]);
    const granted = (resource: string): readonly string[] => [
      ...((OFFER_SWEEP_GRANTS as Record<string, readonly string[]>)[resource] ?? []),
      ...(resource === 'statusTable' ? OFFICE_WORDS_READ.actions : []),
    ];
    const made = new Map([...code.actions].map(([resource, actions]) => [resource as string, [...actions].sort()]));
    // The scanner counts a module's calls on every resource the module names: the index's Query
    // names the answers table (its IndexName is the index), and the office status store's Update
    // (the status copied beside the submission, the answers table) sits beside the history's audit
    // table; the Settings store's module, whose one read the sweep makes, also saves a version (Put).
    const elsewhere = new Set(['answersTable dynamodb:Query', 'auditTable dynamodb:UpdateItem', 'statusTable dynamodb:PutItem']);
    for (const resource of Object.keys(OFFER_SWEEP_GRANTS))
      expect(
        (made.get(resource) ?? []).filter((a) => !elsewhere.has(`${resource} ${a}`)),
        resource,
      ).toEqual([...new Set(granted(resource))].sort());
    // Beyond its resources only the audit store's module's read of the trail index (the office-wide view's) and the
    // submissions index module's reads of the staff list's other orders (changed, by name, by score): never run here.
    expect([...made.keys()].filter((r) => !(r in OFFER_SWEEP_GRANTS)).sort()).toEqual(['auditTrailIndex', 'changesIndex', 'nameIndex', 'scoreIndex']);
  });
});

/**
 * The daily reminders in the deployment (issue 40, item 4): an EventBridge Scheduler schedule on
 * the institution's clock invokes the reminders' sweep through a role that may invoke that
 * function alone; failed runs are retried and kept in a dead-letter queue with alarms; the
 * function holds exactly the calls its code makes, and its code makes none it is not granted.
 */
import type { CfnResource } from 'aws-cdk-lib';
import { REMINDER_SWEEP_GRANTS, REMINDER_SWEEP_SCHEDULE } from '#cdk/messages';
import { timetable } from '#form/institution-cycles';
import { callsOfEntries } from './adapter-calls';
import { synth } from './harness';
import { arnOf, pairs, permissionsOfFunction, permissionsOfRole, resource, resources } from './template';

type Stack = ReturnType<typeof synth>['stack'];
const idOf = (stack: Stack, c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnResource);
const withoutLogs = (permissions: Set<string>) => [...permissions].filter((p) => !p.startsWith('logs:')).sort();

describe('the reminders sweep', () => {
  const { stack, template } = synth();
  const fn = idOf(stack, stack.messages.reminders);
  const schedulerRole = idOf(stack, stack.messages.reminderSchedulerRole);

  it("runs once a day on an EventBridge Scheduler schedule, in the morning on the institution's clock, through a role that may invoke it alone", () => {
    const schedules = resources(template, 'AWS::Scheduler::Schedule').filter(([, s]) => JSON.stringify(s.Properties.Target).includes(fn));
    expect(schedules).toHaveLength(1);
    expect(schedules[0]![1].Properties).toMatchObject({
      ScheduleExpression: REMINDER_SWEEP_SCHEDULE,
      ScheduleExpressionTimezone: timetable.timeZone,
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: { Arn: arnOf(fn), RoleArn: arnOf(schedulerRole) },
    });
    expect(stack.messages.reminders.entryPath.endsWith('lambdas/events/sweep-reminders.ts')).toBe(true);
    const role = resource(template, schedulerRole);
    expect(role.Properties.AssumeRolePolicyDocument.Statement[0].Principal).toEqual({ Service: 'scheduler.amazonaws.com' });
    expect([...permissionsOfRole(template, schedulerRole)]).toEqual(pairs(['lambda:InvokeFunction'], arnOf(fn)));
  });

  it('a run that fails its retries is kept in a dead-letter queue, with alarms on it and on errors', () => {
    const queue = idOf(stack, stack.messages.reminderDeadLetters);
    const alarms = resources(template, 'AWS::CloudWatch::Alarm').map(([, a]) => JSON.stringify(a.Properties.Dimensions ?? []));
    expect(alarms.some((d) => d.includes(queue))).toBe(true);
    expect(alarms.some((d) => d.includes(fn))).toBe(true);
  });

  it('may do exactly what the sweep calls, on the tables, indexes and queue it calls it on', () => {
    const arn = (c: { node: { defaultChild?: unknown } }) => arnOf(idOf(stack, c));
    const index = (name: string) => ({ 'Fn::Join': ['', [arn(stack.data.answers), `/index/${name}`]] });
    const expected = [
      ...pairs(REMINDER_SWEEP_GRANTS.answersTable, arn(stack.data.answers)),
      ...pairs(REMINDER_SWEEP_GRANTS.inProgressIndex, index('in-progress')),
      ...pairs(REMINDER_SWEEP_GRANTS.submissionsIndex, index('submitted')),
      ...pairs(REMINDER_SWEEP_GRANTS.statusTable, arn(stack.data.status)),
      ...pairs(REMINDER_SWEEP_GRANTS.auditTable, arn(stack.staff.audit)),
      ...pairs(REMINDER_SWEEP_GRANTS.mailingQueue, arn(stack.messages.queue)),
      ...pairs(['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'], arn(stack.messages.reminderDeadLetters)),
    ].sort();
    expect(withoutLogs(permissionsOfFunction(template, fn))).toEqual(expected);
  });

  it('is granted no call its code does not make, and its code makes none it is not granted', { timeout: 60_000 }, async () => {
    const code = (await callsOfEntries(['events/sweep-reminders.ts'], [])).get('events/sweep-reminders.ts')!;
    expect(code.undeclared).toEqual([]);
    const made = new Map([...code.actions].map(([resource, actions]) => [resource as string, [...actions].sort()]));
    // The scanner counts a module's calls on every resource the module names: the in-progress
    // index's module reads a draft with GetItem on the answers table (its IndexName is the index).
    const elsewhere = new Set(['inProgressIndex dynamodb:GetItem']);
    const found = Object.fromEntries(Object.keys(REMINDER_SWEEP_GRANTS).map((r) => [r, (made.get(r) ?? []).filter((a) => !elsewhere.has(`${r} ${a}`))]));
    expect(found).toEqual(Object.fromEntries(Object.entries(REMINDER_SWEEP_GRANTS).map(([r, actions]) => [r, [...actions].sort()])));
    // Beyond its resources only the audit store's module's read of the trail index (the office-wide view's) and the
    // submissions index module's reads of the staff list's other orders (changed, by name, by score): never run here.
    expect([...made.keys()].filter((r) => !(r in REMINDER_SWEEP_GRANTS)).sort()).toEqual(['auditTrailIndex', 'changesIndex', 'nameIndex', 'scoreIndex']);
  });
});

/**
 * Scheduled releases in the deployment: the schedule group, the release Lambda a schedule
 * invokes (exactly the calls a release makes), the role EventBridge Scheduler invokes it with
 * (that function alone, for this account alone), and the release routes that create and delete
 * the group's schedules, passing that role to Scheduler only. The new rows land in their groups.
 */
import type { CfnResource } from 'aws-cdk-lib';
import { RELEASE_RUN_ACTIONS } from '#cdk/releases';
import { groupOf } from '#cdk/route-stacks';
import { OFFICE_WORDS_READ, route } from '#lambdas/routes';
import { synth } from './harness';
import { arnOf, pairs, permissionsOfFunction, permissionsOfRole, resource, resources } from './template';

type Stack = ReturnType<typeof synth>['stack'];
const idOf = (stack: Stack, c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnResource);
const withoutLogs = (permissions: Set<string>) => [...permissions].filter((p) => !p.startsWith('logs:')).sort();

describe('scheduled releases', () => {
  const { stack, template } = synth();
  const fn = idOf(stack, stack.releases.fn);
  const schedulerRole = idOf(stack, stack.releases.schedulerRole);

  it('has one schedule group, and the release Lambda runs the scheduled release handler', () => {
    expect(resources(template, 'AWS::Scheduler::ScheduleGroup')).toHaveLength(1);
    expect(stack.releases.fn.entryPath.endsWith('lambdas/events/release-decisions.ts')).toBe(true);
  });

  it('the release Lambda may make exactly the calls of a release', () => {
    const table = (t: { node: { defaultChild?: unknown } }) => arnOf(idOf(stack, t));
    const expected = [
      ...pairs(RELEASE_RUN_ACTIONS.status, table(stack.data.status)),
      // The office's words of the release's e-mail (Settings), limited to their partition below.
      ...pairs(OFFICE_WORDS_READ.actions, table(stack.data.status)),
      ...pairs(RELEASE_RUN_ACTIONS.answers, table(stack.data.answers)),
      ...pairs(['dynamodb:Query'], { 'Fn::Join': ['', [table(stack.data.answers), '/index/submitted']] }),
      ...pairs(RELEASE_RUN_ACTIONS.audit, table(stack.staff.audit)),
      ...pairs(['lambda:InvokeFunction'], table(stack.staff.publisher)),
      ...pairs(['lambda:InvokeFunction'], table(stack.renderer.fn)),
      ...pairs(['sqs:GetQueueAttributes', 'sqs:GetQueueUrl', 'sqs:SendMessage'], table(stack.releases.deadLetters)),
    ].sort();
    expect(withoutLogs(permissionsOfFunction(template, fn))).toEqual(expected);
    const roleId = resource(template, fn).Properties.Role['Fn::GetAtt'][0] as string;
    const statusArn = JSON.stringify(table(stack.data.status));
    const settingsReads = resources(template, 'AWS::IAM::Policy')
      .filter(([, p]) => p.Properties.Roles.some((r: { Ref?: string }) => r.Ref === roleId))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Array<{ Action: string | string[]; Resource: unknown; Condition?: unknown }>)
      .filter((s) => [s.Action].flat().includes('dynamodb:Query') && JSON.stringify(s.Resource) === statusArn);
    expect(settingsReads.map((s) => s.Condition)).toEqual([{ 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': OFFICE_WORDS_READ.keys } }]);
    const variables = Object.keys(resource(template, fn).Properties.Environment.Variables as Record<string, unknown>).sort();
    expect(variables).toEqual([
      'ANSWERS_TABLE',
      'APP_ENV',
      'AUDIT_TABLE',
      'EVENTS_FUNCTION_NAME',
      'IDENTITY_PROVIDER',
      'MAIL_FROM_ADDRESS',
      'NODE_OPTIONS',
      'PUBLIC_ORIGIN',
      'RENDER_FUNCTION_NAME',
      'STATUS_TABLE',
    ]);
  });

  it('a run that fails its retries is kept in a dead-letter queue with an alarm', () => {
    const [[, config]] = resources(template, 'AWS::Lambda::EventInvokeConfig').filter(([, c]) => JSON.stringify(c.Properties.FunctionName).includes(fn)) as [
      [string, { Properties: Record<string, unknown> }],
    ];
    expect(config.Properties).toMatchObject({
      MaximumRetryAttempts: 2,
      MaximumEventAgeInSeconds: 6 * 3600,
      DestinationConfig: { OnFailure: { Destination: arnOf(idOf(stack, stack.releases.deadLetters)) } },
    });
    const alarms = resources(template, 'AWS::CloudWatch::Alarm').filter(([, a]) =>
      JSON.stringify(a.Properties.Dimensions ?? []).includes(idOf(stack, stack.releases.deadLetters)),
    );
    expect(alarms.length).toBeGreaterThan(0);
  });

  it('Scheduler invokes it with a role of this account that may invoke that function and nothing else', () => {
    const role = resource(template, schedulerRole);
    const [statement] = role.Properties.AssumeRolePolicyDocument.Statement;
    expect(statement.Principal).toEqual({ Service: 'scheduler.amazonaws.com' });
    expect(statement.Condition).toEqual({ StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } });
    expect([...permissionsOfRole(template, schedulerRole)]).toEqual(pairs(['lambda:InvokeFunction'], arnOf(fn)));
  });

  it('the release route creates schedules in the group and passes the scheduler role to Scheduler only; cancelling deletes them', () => {
    const schedules = stack.resolve(stack.releases.schedulesArn) as unknown;
    const post = idOf(stack, stack.api.functions.get('scheduleRelease')!);
    const del = idOf(stack, stack.api.functions.get('cancelRelease')!);
    const scheduling = (id: string) => withoutLogs(permissionsOfFunction(template, id)).filter((p) => p.startsWith('scheduler:') || p.startsWith('iam:'));
    expect(scheduling(post)).toEqual([...pairs(['iam:PassRole'], arnOf(schedulerRole)), ...pairs(['scheduler:CreateSchedule'], schedules)].sort());
    expect(scheduling(del)).toEqual(pairs(['scheduler:DeleteSchedule'], schedules));
    const passRole = resources(template, 'AWS::IAM::Policy')
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Array<{ Action: string; Condition?: unknown }>)
      .filter((s) => s.Action === 'iam:PassRole');
    expect(passRole.length).toBeGreaterThan(0);
    for (const s of passRole) expect(s.Condition).toEqual({ StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } });
    const variables = resource(template, post).Properties.Environment.Variables as Record<string, unknown>;
    expect(variables.RELEASE_FUNCTION_ARN).toBeDefined();
    expect(variables.RELEASE_SCHEDULER_ROLE_ARN).toBeDefined();
    expect(variables.RELEASE_SCHEDULE_GROUP).toBeDefined();
    // Reading the pending ones or the applicant's decision touches no schedule.
    for (const name of ['listReleases', 'readDecision', 'replyToDecision', 'downloadDecisionLetter']) {
      expect(scheduling(idOf(stack, stack.api.functions.get(name)!)), name).toEqual([]);
    }
  });

  it('the release rows are the office\u2019s and the decision rows the applicant\u2019s, each in its group', () => {
    for (const name of ['scheduleRelease', 'listReleases', 'cancelRelease'] as const) {
      expect(groupOf(route(name)).id).toBe('StaffApi');
      expect(route(name).roles).toEqual(['admin']);
    }
    for (const name of ['readDecision', 'replyToDecision', 'downloadDecisionLetter'] as const) expect(groupOf(route(name)).id).toBe('ApplicantApi');
  });
});

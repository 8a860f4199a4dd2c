/**
 * Scheduled releases of decisions: the release route creates a one-time EventBridge Scheduler
 * schedule (`at(...)`, in this construct's schedule group) whose target is the release Lambda,
 * invoked through a role that may invoke that function and nothing else. The schedule deletes
 * itself after running. Scheduler invokes the function asynchronously: Lambda retries a failed
 * run twice, then keeps its event in a dead-letter queue; both raise an alarm. The release Lambda's role holds exactly the calls a release
 * makes (lambdas/domain/releases/release.ts): the release in the status table, each
 * application's decision record and office status and history, the applicant's e-mail, the
 * event, the letter's print, and the office's words of the e-mail (Settings' partition alone).
 */
import { Duration, Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ENV_BY_RESOURCE, OFFICE_WORDS_READ, SUBMISSIONS_INDEX } from '#lambdas/routes';
import { functionBinding, indexBinding, tableBinding, type Access, type Binding } from './bindings';
import type { Data } from './data';
import { EventFunction } from './event-function';
import type { Mail } from './mail';
import type { Monitoring } from './monitoring';

export interface ReleasesProps {
  sourceRoot: string;
  environment: Record<string, string>;
  data: Data;
  audit: dynamodb.ITable;
  mail: Mail;
  events: Binding;
  renderer: lambda.IFunction;
  monitoring: Monitoring;
}

/** What a release run calls on each resource (the same calls as the release route's row). */
export const RELEASE_RUN_ACTIONS = {
  status: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
  answers: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
  audit: ['dynamodb:PutItem', 'dynamodb:Query'],
} as const satisfies Record<string, readonly string[]>;

export class Releases extends Construct {
  readonly fn: EventFunction;
  /** A run that failed its retries is kept here (alarmed), to redrive once the cause is fixed. */
  readonly deadLetters: sqs.Queue;
  readonly group: scheduler.CfnScheduleGroup;
  /** The role EventBridge Scheduler invokes the release Lambda with. */
  readonly schedulerRole: iam.Role;
  /** The ARN pattern of the group's schedules (what the routes may create and delete). */
  readonly schedulesArn: string;
  /** Binds a route to the schedules: create or delete them in the group, passing the scheduler role. */
  readonly binding: Binding;

  constructor(scope: Construct, id: string, props: ReleasesProps) {
    super(scope, id);
    this.fn = new EventFunction(this, 'ReleaseDecisions', {
      entry: 'events/release-decisions.ts',
      sourceRoot: props.sourceRoot,
      description: 'Releases decisions at their scheduled time (EventBridge Scheduler)',
      environment: props.environment,
      timeout: Duration.minutes(10),
      monitoring: props.monitoring,
    })
      .bind(tableBinding('statusTable', props.data.status), RELEASE_RUN_ACTIONS.status)
      // The office's words of the release's e-mail (Settings): a Query of their one partition.
      .bind(tableBinding('statusTable', props.data.status), OFFICE_WORDS_READ.actions, OFFICE_WORDS_READ.keys)
      .bind(tableBinding('answersTable', props.data.answers), RELEASE_RUN_ACTIONS.answers)
      .bind(indexBinding('submissionsIndex', props.data.answers, SUBMISSIONS_INDEX), 'read')
      .bind(tableBinding('auditTable', props.audit), RELEASE_RUN_ACTIONS.audit)
      .bind(props.mail.binding, ['ses:SendEmail'])
      .bind(props.events, 'readwrite')
      .bind(functionBinding('renderFunction', props.renderer), 'readwrite');

    this.group = new scheduler.CfnScheduleGroup(this, 'Group', {});
    const account = Stack.of(this).account;
    this.schedulerRole = new iam.Role(this, 'SchedulerRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': account } } }),
      description: 'EventBridge Scheduler invokes the release Lambda with this role, and nothing else',
    });
    this.schedulerRole.addToPolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.fn.functionArn] }));

    this.schedulesArn = Stack.of(this).formatArn({ service: 'scheduler', resource: 'schedule', resourceName: `${this.group.ref}/*` });
    const schedules = this.schedulesArn;
    const [groupVar, functionVar, roleVar] = ENV_BY_RESOURCE.releaseSchedule as readonly [string, string, string];
    const role = this.schedulerRole;
    const fn = this.fn;
    this.binding = {
      name: 'releaseSchedule',
      environment: { [groupVar]: this.group.ref, [functionVar]: fn.functionArn, [roleVar]: role.roleArn },
      grant: (grantee: iam.IGrantable, access: Access) => {
        const actions = typeof access === 'string' ? ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule', 'iam:PassRole'] : access;
        const onSchedules = actions.filter((a) => a.startsWith('scheduler:'));
        if (onSchedules.length) grantee.grantPrincipal.addToPrincipalPolicy(new iam.PolicyStatement({ actions: onSchedules, resources: [schedules] }));
        if (actions.includes('iam:PassRole')) {
          grantee.grantPrincipal.addToPrincipalPolicy(
            new iam.PolicyStatement({
              actions: ['iam:PassRole'],
              resources: [role.roleArn],
              conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
            }),
          );
        }
      },
    };

    this.deadLetters = this.fn.retryAsync({ name: 'Release', what: 'Scheduled decision release', maxEventAge: Duration.hours(6) });
  }
}

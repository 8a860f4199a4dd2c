/**
 * The admission cycles' daily work in the deployment: an EventBridge Scheduler schedule runs the
 * offers sweep Lambda (lambdas/events/sweep-offers.ts) once a day at a quarter past midnight on
 * the institution's clock (the schedule's own time zone), just after the reply-by days it looks
 * for have ended; the sweep declines the offers nobody answered (docs/cycles.md, "Offers that
 * expire"). Scheduler invokes it asynchronously through a role that may invoke that function and
 * nothing else, for this account alone: Lambda retries a failed run twice, then keeps its event in
 * a dead-letter queue; both raise an alarm, and the next day's run picks up whatever was left,
 * since the sweep decides from the data, not from the day.
 *
 * Its role holds exactly the calls its code makes (test/infra/cycles.test.ts reads them from its
 * bundle): the submissions index, each offer's decision record and the list's copies, the office
 * status history and the access record (the audit table), the e-mail's sent-once claim and the
 * office's words of it (Settings' partition alone), SES, the event's publisher and the renderer.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { OFFICE_WORDS_READ, SUBMISSIONS_INDEX } from '#lambdas/routes';
import { functionBinding, indexBinding, tableBinding, type Binding } from './bindings';
import type { Data } from './data';
import { EventFunction } from './event-function';
import type { Mail } from './mail';
import type { Monitoring } from './monitoring';

export interface CyclesProps {
  sourceRoot: string;
  environment: Record<string, string>;
  data: Data;
  audit: dynamodb.ITable;
  mail: Mail;
  events: Binding;
  renderer: lambda.IFunction;
  monitoring: Monitoring;
  /** The institution's IANA time zone: the schedule runs on its clock. */
  timeZone: string;
}

/** What the offers sweep calls on each resource (domain/cycles/expiry.ts through wiring/cycles.ts). */
export const OFFER_SWEEP_GRANTS = {
  // The decision record (read, version-guarded Put), the submission (read) and the list's copies (Update).
  answersTable: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
  // The open offers: one pass of the index.
  submissionsIndex: ['dynamodb:Query'],
  // The office status history (Query, a conditional Put per entry) and the access record (Put).
  auditTable: ['dynamodb:PutItem', 'dynamodb:Query'],
  // The e-mail's sent-once claim: claimed and marked by Update, released by Delete; the suppression list's entry read (Get).
  statusTable: ['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:GetItem'],
  mail: ['ses:SendEmail'],
  events: ['lambda:InvokeFunction'],
  renderFunction: ['lambda:InvokeFunction'],
} as const;

/** A quarter past midnight, every day: the day before has ended on the institution's clock. */
export const OFFER_SWEEP_SCHEDULE = 'cron(15 0 * * ? *)';

export class Cycles extends Construct {
  readonly sweep: EventFunction;
  readonly deadLetters: sqs.Queue;
  readonly schedule: scheduler.CfnSchedule;
  /** The role EventBridge Scheduler invokes the sweep with. */
  readonly schedulerRole: iam.Role;

  constructor(scope: Construct, id: string, props: CyclesProps) {
    super(scope, id);
    const { data } = props;
    this.sweep = new EventFunction(this, 'SweepOffers', {
      entry: 'events/sweep-offers.ts',
      sourceRoot: props.sourceRoot,
      description: 'Daily: declines the offers nobody answered by their reply-by date (EventBridge Scheduler)',
      environment: props.environment,
      // The sweep stops starting offers half a minute before and leaves the rest to the next day.
      timeout: Duration.minutes(15),
      monitoring: props.monitoring,
    })
      .bind(tableBinding('answersTable', data.answers), [...OFFER_SWEEP_GRANTS.answersTable])
      .bind(indexBinding('submissionsIndex', data.answers, SUBMISSIONS_INDEX), [...OFFER_SWEEP_GRANTS.submissionsIndex])
      .bind(tableBinding('auditTable', props.audit), [...OFFER_SWEEP_GRANTS.auditTable])
      .bind(tableBinding('statusTable', data.status), [...OFFER_SWEEP_GRANTS.statusTable])
      // The office's words of the e-mail (Settings): a Query of their one partition.
      .bind(tableBinding('statusTable', data.status), OFFICE_WORDS_READ.actions, OFFICE_WORDS_READ.keys)
      .bind(props.mail.binding, [...OFFER_SWEEP_GRANTS.mail])
      .bind(props.events, [...OFFER_SWEEP_GRANTS.events])
      .bind(functionBinding('renderFunction', props.renderer), [...OFFER_SWEEP_GRANTS.renderFunction]);

    const account = Stack.of(this).account;
    this.schedulerRole = new iam.Role(this, 'SchedulerRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': account } } }),
      description: 'EventBridge Scheduler invokes the offers sweep with this role, and nothing else',
    });
    this.schedulerRole.addToPolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.sweep.functionArn] }));

    this.schedule = new scheduler.CfnSchedule(this, 'DailySweep', {
      description: 'Runs the offers sweep once a day, just after midnight on the institution\u2019s clock',
      scheduleExpression: OFFER_SWEEP_SCHEDULE,
      scheduleExpressionTimezone: props.timeZone,
      flexibleTimeWindow: { mode: 'OFF' },
      target: {
        arn: this.sweep.functionArn,
        roleArn: this.schedulerRole.roleArn,
        // Scheduler's own retries cover an invocation refused (throttled); Lambda's cover a run that fails.
        retryPolicy: { maximumRetryAttempts: 2, maximumEventAgeInSeconds: 6 * 3600 },
      },
    });
    this.deadLetters = this.sweep.retryAsync({ name: 'Sweep', what: 'Offers sweep', maxEventAge: Duration.hours(6) });
  }
}

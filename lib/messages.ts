/**
 * Messages to applicants (issue 40): the queue of mailings and the sender that drains it. The
 * send route puts a mailing's start on the queue; the sender resolves its recipients into the
 * send ledger and puts one message per recipient on the same queue, then sends each at most once
 * (domain/messages/sending.ts). SQS invokes the sender a few messages at a time and at most
 * `concurrency` at once, which keeps the mail under SES's sending rate; a message that fails is
 * retried (maxReceiveCount), then kept in the dead-letter queue, which raises an alarm, as do the
 * sender's errors. Every five minutes EventBridge runs the sender with no message (the tick): a
 * scheduled mailing whose time has come starts, and a stopped one resumes where it stopped.
 *
 * The daily reminders (lambdas/events/sweep-reminders.ts): an EventBridge Scheduler schedule runs
 * their sweep once a day at 08:00 on the institution's clock (mail read in the morning), through a
 * role that may invoke that function alone; the sweep puts each reminder due in its occasion's
 * ledger and on this queue, and the sender delivers it. A failed run is retried, then kept in a
 * dead-letter queue (alarmed); the next day's run catches up, since it decides from the data.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { ENV_BY_RESOURCE, IN_PROGRESS_INDEX, SUBMISSIONS_INDEX } from '#lambdas/routes';
import { indexBinding, tableBinding, type Access, type Binding } from './bindings';
import type { Data } from './data';
import { EventFunction } from './event-function';
import type { Mail } from './mail';
import type { Monitoring } from './monitoring';

export interface MessagesProps {
  sourceRoot: string;
  environment: Record<string, string>;
  data: Data;
  mail: Mail;
  monitoring: Monitoring;
  /** The access record: the reminders' sweep records its counts. */
  audit: dynamodb.ITable;
  /** The institution's IANA time zone: the reminders' schedule runs on its clock. */
  timeZone: string;
  /** Sender invocations at once (SQS's maximum concurrency, at least 2): with ten messages each, the mail's pace. */
  concurrency?: number;
}

/** What a sender run calls (the same adapters as the mailing routes, and the delivery's writes). */
export const SENDER_ACTIONS = {
  status: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
  answers: ['dynamodb:GetItem', 'dynamodb:Query'],
} as const satisfies Record<string, readonly string[]>;

/** What the reminders' sweep calls on each resource (domain/messages/reminders.ts through wiring/reminders.ts). */
export const REMINDER_SWEEP_GRANTS = {
  // The drafts in progress (GetItem) and a submitted application's record (Query).
  answersTable: ['dynamodb:GetItem', 'dynamodb:Query'],
  inProgressIndex: ['dynamodb:Query'],
  submissionsIndex: ['dynamodb:Query'],
  // A draft's sign-in address (GetItem), each occasion's ledger (Query, conditional Put, Update of a row left sending) and its note (Put).
  statusTable: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem'],
  auditTable: ['dynamodb:PutItem'],
  mailingQueue: ['sqs:SendMessage'],
} as const satisfies Record<string, readonly string[]>;

/** 08:00 every day on the institution's clock. */
export const REMINDER_SWEEP_SCHEDULE = 'cron(0 8 * * ? *)';

/** Receives of one message before it is kept as a dead letter. */
const MAX_RECEIVES = 3;
const SENDER_TIMEOUT = Duration.minutes(5);

export class Messages extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetters: sqs.Queue;
  readonly sender: EventFunction;
  readonly tick: events.Rule;
  /** The tick's failed runs (EventBridge's dead-letter queue), alarmed. */
  readonly tickDeadLetters: sqs.Queue;
  /** Binds a route to the queue: it may send messages to it, and nothing else. */
  readonly binding: Binding;
  readonly reminders: EventFunction;
  readonly reminderSchedule: scheduler.CfnSchedule;
  /** The role EventBridge Scheduler invokes the reminders' sweep with. */
  readonly reminderSchedulerRole: iam.Role;
  readonly reminderDeadLetters: sqs.Queue;

  constructor(scope: Construct, id: string, props: MessagesProps) {
    super(scope, id);
    this.deadLetters = props.monitoring.deadLetterQueue(this, 'MailingDeadLetters');
    this.queue = new sqs.Queue(this, 'MailingQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // Longer than a run, so a message being handled is not handed to another sender meanwhile.
      visibilityTimeout: Duration.minutes(30),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: MAX_RECEIVES },
    });
    props.monitoring.alarmOnDeadLetters(this, 'MailingDeadLettersAlarm', this.deadLetters, 'Mailing to applicants');

    const queue = this.queue;
    const [urlVar] = ENV_BY_RESOURCE.mailingQueue as readonly [string];
    this.binding = {
      name: 'mailingQueue',
      environment: { [urlVar]: queue.queueUrl },
      grant: (grantee: iam.IGrantable, access: Access) => {
        const actions = typeof access === 'string' ? ['sqs:SendMessage'] : access;
        if (actions.length) grantee.grantPrincipal.addToPrincipalPolicy(new iam.PolicyStatement({ actions: [...actions], resources: [queue.queueArn] }));
      },
    };

    this.sender = new EventFunction(this, 'SendMailings', {
      entry: 'events/send-mailings.ts',
      sourceRoot: props.sourceRoot,
      description: 'Sends mailings to applicants: each recipient at most once, at the queue’s pace',
      environment: props.environment,
      timeout: SENDER_TIMEOUT,
      monitoring: props.monitoring,
    })
      .bind(tableBinding('statusTable', props.data.status), SENDER_ACTIONS.status)
      .bind(tableBinding('answersTable', props.data.answers), SENDER_ACTIONS.answers)
      .bind(indexBinding('submissionsIndex', props.data.answers, SUBMISSIONS_INDEX), 'read')
      .bind(indexBinding('inProgressIndex', props.data.answers, IN_PROGRESS_INDEX), 'read')
      .bind(props.mail.binding, ['ses:SendEmail'])
      .bind(this.binding, ['sqs:SendMessage']);
    this.sender.addEventSource(
      new SqsEventSource(queue, { batchSize: 10, reportBatchItemFailures: true, maxConcurrency: Math.max(2, props.concurrency ?? 2) }),
    );
    const tick = this.sender.runOnSchedule(
      'MailingTick',
      { description: 'Starts the mailings whose time has come and resumes a stopped one', schedule: events.Schedule.rate(Duration.minutes(5)) },
      { name: 'MailingTick', what: 'Mailing tick', maxEventAge: Duration.minutes(30) },
    );
    this.tick = tick.rule;
    this.tickDeadLetters = tick.deadLetters;

    this.reminders = new EventFunction(this, 'SweepReminders', {
      entry: 'events/sweep-reminders.ts',
      sourceRoot: props.sourceRoot,
      description: 'Daily: queues the reminders due (deadline, missing materials, reply), each once per applicant and occasion',
      environment: props.environment,
      timeout: Duration.minutes(15),
      monitoring: props.monitoring,
    })
      .bind(tableBinding('answersTable', props.data.answers), [...REMINDER_SWEEP_GRANTS.answersTable])
      .bind(indexBinding('inProgressIndex', props.data.answers, IN_PROGRESS_INDEX), [...REMINDER_SWEEP_GRANTS.inProgressIndex])
      .bind(indexBinding('submissionsIndex', props.data.answers, SUBMISSIONS_INDEX), [...REMINDER_SWEEP_GRANTS.submissionsIndex])
      .bind(tableBinding('statusTable', props.data.status), [...REMINDER_SWEEP_GRANTS.statusTable])
      .bind(tableBinding('auditTable', props.audit), [...REMINDER_SWEEP_GRANTS.auditTable])
      .bind(this.binding, [...REMINDER_SWEEP_GRANTS.mailingQueue]);
    const account = Stack.of(this).account;
    this.reminderSchedulerRole = new iam.Role(this, 'ReminderSchedulerRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', { conditions: { StringEquals: { 'aws:SourceAccount': account } } }),
      description: 'EventBridge Scheduler invokes the reminders sweep with this role, and nothing else',
    });
    this.reminderSchedulerRole.addToPolicy(new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.reminders.functionArn] }));
    this.reminderSchedule = new scheduler.CfnSchedule(this, 'DailyReminders', {
      description: 'Runs the reminders sweep once a day, in the morning on the institution\u2019s clock',
      scheduleExpression: REMINDER_SWEEP_SCHEDULE,
      scheduleExpressionTimezone: props.timeZone,
      flexibleTimeWindow: { mode: 'OFF' },
      target: {
        arn: this.reminders.functionArn,
        roleArn: this.reminderSchedulerRole.roleArn,
        retryPolicy: { maximumRetryAttempts: 2, maximumEventAgeInSeconds: 6 * 3600 },
      },
    });
    this.reminderDeadLetters = this.reminders.retryAsync({ name: 'ReminderSweep', what: 'Reminders sweep', maxEventAge: Duration.hours(6) });
  }
}

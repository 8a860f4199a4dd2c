/**
 * Messages to applicants (issue 40): the queue of mailings and the sender that drains it. The
 * send route puts a mailing's start on the queue; the sender resolves its recipients into the
 * send ledger and puts one message per recipient on the same queue, then sends each at most once
 * (domain/messages/sending.ts). SQS invokes the sender a few messages at a time and at most
 * `concurrency` at once, which keeps the mail under SES's sending rate; a message that fails is
 * retried (maxReceiveCount), then kept in the dead-letter queue, which raises an alarm, as do the
 * sender's errors. Every five minutes EventBridge runs the sender with no message (the tick): a
 * scheduled mailing whose time has come starts, and a stopped one resumes where it stopped.
 */
import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as iam from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
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
  /** Sender invocations at once (SQS's maximum concurrency, at least 2): with ten messages each, the mail's pace. */
  concurrency?: number;
}

/** What a sender run calls (the same adapters as the mailing routes, and the delivery's writes). */
export const SENDER_ACTIONS = {
  status: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
  answers: ['dynamodb:GetItem', 'dynamodb:Query'],
} as const satisfies Record<string, readonly string[]>;

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
  }
}

/**
 * Bounces and complaints (issue 40, item 5). The sender's configuration set (lib/mail.ts)
 * publishes its bounce and complaint events to an SNS topic, encrypted with a key of its own
 * (the events carry recipients' addresses; SES may use the key to publish, nothing else), which
 * invokes the feedback function: it suppresses each address (lambdas/events/mail-feedback.ts).
 * Lambda retries a failed run, then keeps the event in a dead-letter queue, alarmed. Two alarms
 * watch SES's own reputation metrics, well below the rates at which SES reviews and then pauses
 * an account's sending (5% bounces and 0.1% complaints, against its 10% and 0.5%): a mailing to a
 * stale list shows there before the institution's confirmation and decision mail stop.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { tableBinding } from './bindings';
import type { Data } from './data';
import { EventFunction } from './event-function';
import type { Mail } from './mail';
import type { Monitoring } from './monitoring';

export interface MailFeedbackProps {
  sourceRoot: string;
  environment: Record<string, string>;
  data: Data;
  mail: Mail;
  monitoring: Monitoring;
}

/** What the feedback function calls: an address's entry read, then put (adapters/store/suppression-store.ts). */
export const FEEDBACK_ACTIONS = ['dynamodb:GetItem', 'dynamodb:PutItem'] as const;
/** SES's account-wide rates at which the alarms fire (fractions). */
export const BOUNCE_RATE_ALARM = 0.05;
export const COMPLAINT_RATE_ALARM = 0.001;

export class MailFeedback extends Construct {
  readonly topic: sns.Topic;
  readonly fn: EventFunction;
  readonly deadLetters: sqs.Queue;
  readonly bounceRateAlarm: cloudwatch.Alarm;
  readonly complaintRateAlarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: MailFeedbackProps) {
    super(scope, id);
    const key = new kms.Key(this, 'FeedbackKey', {
      enableKeyRotation: true,
      description: 'Encrypts the SES bounce and complaint events (recipients’ addresses)',
    });
    key.addToResourcePolicy(
      new iam.PolicyStatement({
        actions: ['kms:GenerateDataKey*', 'kms:Decrypt'],
        principals: [new iam.ServicePrincipal('ses.amazonaws.com')],
        resources: ['*'],
      }),
    );
    this.topic = new sns.Topic(this, 'Feedback', { displayName: 'SES bounces and complaints', enforceSSL: true, masterKey: key });
    props.mail.configurationSet.addEventDestination('ToFeedbackTopic', {
      destination: ses.EventDestination.snsTopic(this.topic),
      events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });

    this.fn = new EventFunction(this, 'MailFeedback', {
      entry: 'events/mail-feedback.ts',
      sourceRoot: props.sourceRoot,
      description: 'Suppresses the addresses SES reports bounced (permanently) or complained of',
      environment: props.environment,
      timeout: Duration.seconds(30),
      monitoring: props.monitoring,
    }).bind(tableBinding('statusTable', props.data.status), [...FEEDBACK_ACTIONS]);
    this.topic.addSubscription(new subscriptions.LambdaSubscription(this.fn));
    this.deadLetters = this.fn.retryAsync({ name: 'MailFeedback', what: 'Mail feedback (bounces and complaints)', maxEventAge: Duration.hours(6) });

    const rate = (metricName: string, threshold: number, what: string, alarmId: string) => {
      const alarm = new cloudwatch.Alarm(this, alarmId, {
        alarmDescription: `SES: the account's ${what} rate is above ${threshold * 100}% (SES reviews the account at twice that and may pause its sending; see the suppression list)`,
        metric: new cloudwatch.Metric({ namespace: 'AWS/SES', metricName, period: Duration.hours(1), statistic: 'Maximum' }),
        threshold,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(new actions.SnsAction(props.monitoring.topic));
      return alarm;
    };
    this.bounceRateAlarm = rate('Reputation.BounceRate', BOUNCE_RATE_ALARM, 'bounce', 'BounceRateAlarm');
    this.complaintRateAlarm = rate('Reputation.ComplaintRate', COMPLAINT_RATE_ALARM, 'complaint', 'ComplaintRateAlarm');
  }
}

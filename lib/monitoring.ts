/**
 * One alarm topic for the deployment, and the two alarms every asynchronous worker gets: a
 * message in its dead-letter queue (work that was given up on) and errors on the function; the
 * capacity alarms (throttles, account concurrency); and alarms on a log line a function writes.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** The namespace of the metrics the functions' log lines are counted into (alarmOnLogMarker). */
export const LOG_METRICS_NAMESPACE = 'Admissions';

export class Monitoring extends Construct {
  readonly topic: sns.Topic;

  constructor(scope: Construct, id: string, props: { alarmEmail?: string }) {
    super(scope, id);
    // Not KMS-encrypted: CloudWatch cannot publish to a topic encrypted with the AWS-managed
    // SNS key, and alarm payloads carry no applicant data (acknowledged in nag.ts).
    this.topic = new sns.Topic(this, 'Alarms', { displayName: 'Admissions platform alarms', enforceSSL: true });
    if (props.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));
  }

  /** A dead-letter queue: SSE, TLS only, 14 days to investigate and redrive. */
  deadLetterQueue(scope: Construct, id: string): sqs.Queue {
    return new sqs.Queue(scope, id, {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
  }

  alarmOnDeadLetters(scope: Construct, id: string, queue: sqs.IQueue, what: string): cloudwatch.Alarm {
    return this.alarm(scope, id, {
      alarmDescription: `${what}: a failed event reached the dead-letter queue`,
      metric: queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
      threshold: 0,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 1,
    });
  }

  alarmOnErrors(scope: Construct, id: string, fn: lambda.IFunction, what: string): cloudwatch.Alarm {
    return this.alarm(scope, id, {
      alarmDescription: `${what}: invocations are failing`,
      metric: fn.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }),
      threshold: 3,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
    });
  }

  /** A function turned away invocations: its reserved concurrency is full (renders wait in Lambda's queue). */
  alarmOnThrottles(scope: Construct, id: string, fn: lambda.IFunction, what: string): cloudwatch.Alarm {
    return this.alarm(scope, id, {
      alarmDescription: `${what}: invocations throttled at its reserved concurrency (see docs/capacity.md)`,
      metric: fn.metricThrottles({ period: Duration.minutes(1), statistic: 'Sum' }),
      threshold: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 3,
    });
  }

  /** The account's Lambda concurrency nears its quota, beyond which every function is throttled. */
  alarmOnAccountConcurrency(scope: Construct, id: string, threshold: number): cloudwatch.Alarm {
    return this.alarm(scope, id, {
      alarmDescription: `Lambda: concurrent executions in the account reached ${threshold} (80% of the quota; see docs/capacity.md)`,
      metric: new cloudwatch.Metric({ namespace: 'AWS/Lambda', metricName: 'ConcurrentExecutions', period: Duration.minutes(1), statistic: 'Maximum' }),
      threshold,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
    });
  }

  /**
   * Something an operator must hear of, told by a log line: a metric filter on the function's log
   * group counts the lines whose `metric` field is `metric` (in the `Admissions` namespace), and
   * the alarm fires at the first in five minutes. The filter sits with the log group (a route's
   * nested stack); the alarm reads the metric by name, so nothing points across stacks.
   */
  alarmOnLogMarker(scope: Construct, id: string, fn: lambda.Function, metric: string, what: string): cloudwatch.Alarm {
    fn.logGroup.addMetricFilter(`${metric}Filter`, {
      filterPattern: logs.FilterPattern.stringValue('$.metric', '=', metric),
      metricNamespace: LOG_METRICS_NAMESPACE,
      metricName: metric,
      metricValue: '1',
    });
    return this.alarm(scope, id, {
      alarmDescription: what,
      metric: new cloudwatch.Metric({ namespace: LOG_METRICS_NAMESPACE, metricName: metric, period: Duration.minutes(5), statistic: 'Sum' }),
      threshold: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
    });
  }

  /** What every alarm here shares: no data is no breach (an idle worker is a healthy one), and it notifies the topic. */
  private alarm(scope: Construct, id: string, props: Omit<cloudwatch.AlarmProps, 'treatMissingData'>): cloudwatch.Alarm {
    const alarm = new cloudwatch.Alarm(scope, id, { ...props, treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING });
    alarm.addAlarmAction(new actions.SnsAction(this.topic));
    return alarm;
  }
}

/**
 * The house worker: an AppFunction run by an event rather than a route (a schedule, S3, an
 * asynchronous invoke), and what every such worker gets when a run fails. Lambda (or EventBridge)
 * retries it twice, then keeps the event in a dead-letter queue to redrive once the cause is
 * fixed; a message there raises an alarm, and so do failing invocations.
 *
 * The queue and alarms are created in the function's own scope, under ids named after the work
 * (`<name>DeadLetters`, `<name>DeadLettersAlarm`, `<name>ErrorsAlarm`), so a worker's resources
 * sit beside it as they always did. They are added by the method that says how the function is
 * invoked, called after its bindings, so the role's policy lists the grants first.
 */
import type { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { AppFunction, type AppFunctionProps } from './function';
import type { Monitoring } from './monitoring';

export interface EventFunctionProps extends AppFunctionProps {
  monitoring: Monitoring;
}

/** How a worker's failed runs are kept and told. */
export interface Failures {
  /** Names the queue and the alarms: `<name>DeadLetters`, `<name>DeadLettersAlarm`, `<name>ErrorsAlarm`. */
  name: string;
  /** The work, as the alarms name it ('Application PDF'). */
  what: string;
  /** How long an event is retried before it is given up on. */
  maxEventAge: Duration;
}

/** The retries before an event is kept as a dead letter, whoever invokes the function. */
const RETRY_ATTEMPTS = 2;

export class EventFunction extends AppFunction {
  private readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: EventFunctionProps) {
    const { monitoring, ...functionProps } = props;
    super(scope, id, functionProps);
    this.monitoring = monitoring;
  }

  /**
   * Invoked asynchronously (a route, S3, EventBridge Scheduler): Lambda retries a failed run,
   * then sends the event to the dead-letter queue it returns.
   */
  retryAsync(failures: Failures): sqs.Queue {
    const deadLetters = this.failureQueue(failures);
    this.configureAsyncInvoke({ retryAttempts: RETRY_ATTEMPTS, maxEventAge: failures.maxEventAge, onFailure: new destinations.SqsDestination(deadLetters) });
    this.failureAlarms(failures, deadLetters);
    return deadLetters;
  }

  /**
   * Run by an EventBridge rule on `schedule` (the rule has id `ruleId` in the function's scope):
   * EventBridge retries a failed run, then sends the event to the dead-letter queue.
   */
  runOnSchedule(ruleId: string, rule: { description: string; schedule: events.Schedule }, failures: Failures): { rule: events.Rule; deadLetters: sqs.Queue } {
    const deadLetters = this.failureQueue(failures);
    const target = new targets.LambdaFunction(this, { retryAttempts: RETRY_ATTEMPTS, maxEventAge: failures.maxEventAge, deadLetterQueue: deadLetters });
    const created = new events.Rule(this.home, ruleId, { ...rule, targets: [target] });
    this.failureAlarms(failures, deadLetters);
    return { rule: created, deadLetters };
  }

  private get home(): Construct {
    const scope = this.node.scope;
    if (!scope) throw new Error(`${this.node.path} has no scope`);
    return scope;
  }

  private failureQueue(failures: Failures): sqs.Queue {
    return this.monitoring.deadLetterQueue(this.home, `${failures.name}DeadLetters`);
  }

  private failureAlarms(failures: Failures, deadLetters: sqs.IQueue): void {
    this.monitoring.alarmOnDeadLetters(this.home, `${failures.name}DeadLettersAlarm`, deadLetters, failures.what);
    this.monitoring.alarmOnErrors(this.home, `${failures.name}ErrorsAlarm`, this, failures.what);
  }
}

/**
 * Recommendations' own schedule: a daily EventBridge rule runs the sweep Lambda, which sends the
 * automatic reminder 7 days before a recommender's link expires and turns expired links
 * `expired` (telling the applicant). Its role may read and write the status table (where the
 * recommendations live) and send from the product's sender, nothing else. A failed run is
 * retried by EventBridge, then kept in a dead-letter queue with an alarm; the next day's run
 * picks up whatever was left, since the sweep looks back two weeks.
 */
import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { tableBinding } from './bindings';
import type { Data } from './data';
import { EventFunction } from './event-function';
import type { Mail } from './mail';
import type { Monitoring } from './monitoring';

export interface RecommendationsProps {
  sourceRoot: string;
  environment: Record<string, string>;
  data: Data;
  mail: Mail;
  monitoring: Monitoring;
}

/** The sweep's calls on the status table: read the due days and the records, write the records and new links (a new link taken back when its record changed meanwhile). */
export const SWEEP_TABLE_ACTIONS: readonly string[] = ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:DeleteItem'];

export class Recommendations extends Construct {
  readonly sweep: EventFunction;
  readonly schedule: events.Rule;
  readonly deadLetters: sqs.Queue;

  constructor(scope: Construct, id: string, props: RecommendationsProps) {
    super(scope, id);
    this.sweep = new EventFunction(this, 'SweepRecommendations', {
      entry: 'events/sweep-recommendations.ts',
      sourceRoot: props.sourceRoot,
      description: 'Daily: reminds recommenders 7 days before their link expires, and expires the links',
      environment: props.environment,
      timeout: Duration.minutes(5),
      monitoring: props.monitoring,
    })
      .bind(tableBinding('statusTable', props.data.status), SWEEP_TABLE_ACTIONS)
      .bind(props.mail.binding, ['ses:SendEmail']);

    ({ rule: this.schedule, deadLetters: this.deadLetters } = this.sweep.runOnSchedule(
      'DailySweep',
      { description: 'Runs the recommendations sweep once a day', schedule: events.Schedule.cron({ minute: '0', hour: '6' }) },
      { name: 'Sweep', what: 'Recommendations sweep', maxEventAge: Duration.hours(6) },
    ));
  }
}

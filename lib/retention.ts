/**
 * Retention's own schedule: a daily EventBridge rule runs the retention sweep Lambda
 * (lambdas/events/sweep-retention.ts), which warns accounts never submitted before they are
 * deleted and erases those and the submissions past the institution's policy (docs/retention.md).
 * What expires by itself is not its work: DynamoDB TTL (`expiresAt`, lib/data.ts) and the
 * buckets' lifecycle rules (lib/documents.ts, lib/staff.ts).
 *
 * Its role is the only one that may list the applicants' pool or delete a user from it; the
 * office's erase route deletes an identity by invoking it (`{erase, cause: 'office'}`, lib/stack.ts
 * binds it as the routes' `retentionFunction`), and it finishes only an erasure begun. A failed
 * run is retried by EventBridge, then kept in a dead-letter queue with an alarm; the next day's
 * run picks up whatever was left, since the sweep decides from the data, not from the day.
 */
import { Duration } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { SUBMISSIONS_INDEX } from '#lambdas/routes';
import type { Auth } from './auth';
import { bucketBinding, identityBinding, indexBinding, tableBinding, type Binding } from './bindings';
import type { Data } from './data';
import { EventFunction } from './event-function';
import type { Mail } from './mail';
import type { Monitoring } from './monitoring';

export interface RetentionProps {
  sourceRoot: string;
  environment: Record<string, string>;
  data: Data;
  auth: Auth;
  mail: Mail;
  uploads: s3.IBucket;
  documents: s3.IBucket;
  exports: s3.IBucket;
  /** The submission events' publisher (Application Erased). */
  events: Binding;
  monitoring: Monitoring;
}

/** What the sweep itself calls (lambdas/adapters/retention/, the mail claims, SES). */
export const SWEEP_GRANTS = {
  // One projected Scan a day for the last sign-ins and warnings; the warning's sent-once claim; the erasure's condition on the last sign-in; an account's list of applications.
  statusTable: ['dynamodb:Scan', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:GetItem'],
  // Whether an account was submitted or held; the erasure's condition that it still is as read (adapters/retention/erasure-guard.ts).
  answersTable: ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
  // Submissions past the policy, oldest first.
  submissionsIndex: ['dynamodb:Query'],
  identity: ['cognito-idp:ListUsers'],
  // The warning (from the product's sender when there is one).
  mail: ['ses:SendEmail'],
} as const;

/**
 * What erasing an account takes (domain/data-rights/erasure.ts through lambdas/wiring/data-rights.ts,
 * as closing an account and the office's erasure run it): the applicant's items in the three
 * tables (the marker is a Put, counters an Update), their objects in the three buckets, their
 * identity, and the `Application Erased` event for a submitted application.
 */
export const ERASURE_GRANTS = {
  // The Update marks the answers item uncounted before the dashboard's counters take it back (adapters/store/dashboard-counters.ts).
  answersTable: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
  statusTable: ['dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
  tabsTable: ['dynamodb:Query', 'dynamodb:DeleteItem'],
  uploadsBucket: ['s3:ListBucket', 's3:DeleteObject'],
  documentsBucket: ['s3:ListBucket', 's3:DeleteObject'],
  exportsBucket: ['s3:ListBucket', 's3:DeleteObject'],
  identity: ['cognito-idp:AdminDeleteUser'],
  events: ['lambda:InvokeFunction'],
} as const;

const merged = (...lists: ReadonlyArray<readonly string[] | undefined>): string[] => [...new Set(lists.flatMap((l) => l ?? []))];

export class Retention extends Construct {
  readonly sweep: EventFunction;
  readonly schedule: events.Rule;
  readonly deadLetters: sqs.Queue;

  constructor(scope: Construct, id: string, props: RetentionProps) {
    super(scope, id);
    const { data } = props;
    this.sweep = new EventFunction(this, 'SweepRetention', {
      entry: 'events/sweep-retention.ts',
      sourceRoot: props.sourceRoot,
      description: 'Daily: applies the retention policy (warns, then erases accounts never submitted; erases submissions past the policy)',
      environment: props.environment,
      // The longest a Lambda may run; the sweep stops starting accounts a minute before and leaves the rest to the next day.
      timeout: Duration.minutes(15),
      monitoring: props.monitoring,
    });
    const bind = (binding: Binding, ...lists: ReadonlyArray<readonly string[] | undefined>) => this.sweep.bind(binding, merged(...lists));
    bind(tableBinding('statusTable', data.status), SWEEP_GRANTS.statusTable, ERASURE_GRANTS.statusTable);
    bind(tableBinding('answersTable', data.answers), SWEEP_GRANTS.answersTable, ERASURE_GRANTS.answersTable);
    bind(tableBinding('tabsTable', data.tabs), ERASURE_GRANTS.tabsTable);
    bind(indexBinding('submissionsIndex', data.answers, SUBMISSIONS_INDEX), SWEEP_GRANTS.submissionsIndex);
    bind(bucketBinding('uploadsBucket', props.uploads), ERASURE_GRANTS.uploadsBucket);
    bind(bucketBinding('documentsBucket', props.documents), ERASURE_GRANTS.documentsBucket);
    bind(bucketBinding('exportsBucket', props.exports), ERASURE_GRANTS.exportsBucket);
    bind(props.events, ERASURE_GRANTS.events);
    bind(identityBinding(props.auth.userPool, props.auth.client), SWEEP_GRANTS.identity, ERASURE_GRANTS.identity);
    bind(props.mail.binding, SWEEP_GRANTS.mail);

    ({ rule: this.schedule, deadLetters: this.deadLetters } = this.sweep.runOnSchedule(
      'DailySweep',
      {
        description: 'Runs the retention sweep once a day',
        // An hour before the recommendations' sweep, at a quiet hour for North American offices.
        schedule: events.Schedule.cron({ minute: '0', hour: '5' }),
      },
      { name: 'Sweep', what: 'Retention sweep', maxEventAge: Duration.hours(6) },
    ));
  }
}

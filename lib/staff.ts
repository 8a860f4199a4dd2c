/**
 * The admissions office's side: the staff user pool (admin-created users only, MFA
 * required with TOTP, a stricter password policy, threat protection on: a handful of users
 * reading minors' records), the append-only audit table, the private bucket the exports are
 * streamed into, and the submission events: an EventBridge bus the institution attaches its
 * systems to with rules, fed by a publisher Lambda invoked asynchronously (retries, then a
 * dead-letter queue with an alarm).
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { STAFF_PASSWORD_MIN_LENGTH } from '#form/account';
import { cognitoStaffInvitation } from '#form/staff-invitation';

const invitation = cognitoStaffInvitation('/staff');
import { STAFF_ROLES, type StaffRole } from '#form/wire/roles';
import { AUDIT_TRAIL_INDEX, AUDIT_TRAIL_INDEX_KEYS } from '#lambdas/routes';
import { privateBucketProps } from './access-logs';
import { AuditBackup } from './audit-backup';
import { passwordClient } from './auth';
import { EventFunction } from './event-function';
import type { Monitoring } from './monitoring';

const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  reader: 'Reads and reviews applications',
  decider: 'Also records decisions',
  admin: 'Also releases decisions, manages staff users and sees the office-wide audit',
};

/** Staff tokens: 15-minute access tokens, sessions of a working day at most. */
export const STAFF_TOKEN_LIFETIMES = { access: Duration.minutes(15), id: Duration.minutes(15), refresh: Duration.hours(8) };
/** Exports hold every answer of many applicants: their objects are deleted after a day. */
export const EXPORT_RETENTION_DAYS = 1;

export interface StaffProps {
  sourceRoot: string;
  environment: Record<string, string>;
  namePrefix: string;
  logs: s3.IBucket;
  monitoring: Monitoring;
}

export class Staff extends Construct {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  readonly audit: dynamodb.Table;
  readonly auditBackup: AuditBackup;
  readonly exports: s3.Bucket;
  readonly bus: events.EventBus;
  readonly publisher: EventFunction;
  readonly deadLetters: sqs.Queue;

  constructor(scope: Construct, id: string, props: StaffProps) {
    super(scope, id);
    this.userPool = new cognito.UserPool(this, 'StaffPool', {
      // Usernames are the staff members' e-mail addresses (AdminCreateUser), so the access
      // token's username is the audit trail's "who" without another lookup.
      signInAliases: { username: true },
      signInCaseSensitive: false,
      selfSignUpEnabled: false,
      standardAttributes: { email: { required: true, mutable: true } },
      mfa: cognito.Mfa.REQUIRED,
      mfaSecondFactor: { otp: true, sms: false },
      passwordPolicy: {
        minLength: STAFF_PASSWORD_MIN_LENGTH,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(7),
        passwordHistorySize: 5,
      },
      // A lost authenticator or password is reset by an administrator, never by e-mail alone.
      accountRecovery: cognito.AccountRecovery.NONE,
      featurePlan: cognito.FeaturePlan.PLUS,
      standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION,
      // The local stack's invitation in Cognito's markers: the password alone in a code block.
      userInvitation: { emailSubject: invitation.subject, emailBody: invitation.html },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    this.client = passwordClient(this.userPool, 'Console', STAFF_TOKEN_LIFETIMES);
    // The staff roles: one group each, named as the role, so the access token's cognito:groups
    // names it (form/wire/roles.ts). Members are added by `npm run staff -- add|role --aws`.
    for (const role of STAFF_ROLES) {
      new cognito.CfnUserPoolGroup(this, `Role${role[0]!.toUpperCase()}${role.slice(1)}`, {
        userPoolId: this.userPool.userPoolId,
        groupName: role,
        description: ROLE_DESCRIPTIONS[role],
      });
    }

    this.audit = new dynamodb.Table(this, 'Audit', {
      partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
      sortKey: { name: 'sk', type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    // The office-wide view: every record (both key attributes are on every record since the first,
    // so DynamoDB indexes those written before the index too), by action, newest first.
    // CloudFormation adds one index to a table per update: another index is another deployment.
    this.audit.addGlobalSecondaryIndex({
      indexName: AUDIT_TRAIL_INDEX,
      partitionKey: { name: AUDIT_TRAIL_INDEX_KEYS.partition, type: dynamodb.AttributeType.STRING },
      sortKey: { name: AUDIT_TRAIL_INDEX_KEYS.sort, type: dynamodb.AttributeType.STRING },
      projectionType: dynamodb.ProjectionType.ALL,
    });
    this.auditBackup = new AuditBackup(this, 'AuditBackup', this.audit);

    this.exports = new s3.Bucket(this, 'Exports', {
      ...privateBucketProps(props.logs, 'exports'),
      lifecycleRules: [{ expiration: Duration.days(EXPORT_RETENTION_DAYS), abortIncompleteMultipartUploadAfter: Duration.days(1) }],
    });

    this.bus = new events.EventBus(this, 'Submissions', {
      eventBusName: `${props.namePrefix}-submissions`,
      description: 'Application Submitted / Application PDF Ready',
    });
    // Kept a week, so an integration attached later (or repaired) can replay what it missed.
    const archive = this.bus.archive('SubmissionsArchive', {
      eventPattern: { source: ['admissions.applications'] },
      retention: Duration.days(7),
      description: 'Replay for institution integrations',
    });
    // CDK writes KmsKeyIdentifier: "" when no key is given, which some regions refuse (aws-cdk
    // issue 37847); without the property the archive uses the AWS-owned key, as intended.
    (archive.node.defaultChild as events.CfnArchive).addPropertyDeletionOverride('KmsKeyIdentifier');
    this.publisher = new EventFunction(this, 'PublishEvent', {
      entry: 'events/publish-event.ts',
      sourceRoot: props.sourceRoot,
      description: 'Puts submission events on the bus (invoked asynchronously)',
      environment: { ...props.environment, EVENT_BUS_NAME: this.bus.eventBusName },
      memorySize: 256,
      timeout: Duration.seconds(10),
      monitoring: props.monitoring,
    });
    this.bus.grantPutEventsTo(this.publisher);
    this.deadLetters = this.publisher.retryAsync({ name: 'Event', what: 'Submission events', maxEventAge: Duration.hours(6) });
  }
}

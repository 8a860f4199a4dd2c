/**
 * A copy of the staff audit trail that no function can change: a daily AWS Backup of the audit
 * table into a vault with a vault lock, kept a year. The table's point-in-time recovery covers
 * 35 days; this keeps the trail as it was for an investigation that starts later, and a record
 * replaced in the live table (by code that sent a put without the adapter's condition) can be
 * compared with the backup that held it. No function holds a backup or vault permission.
 *
 * The lock is in governance mode (an administrator with the vault-lock permission can lift it),
 * so a test deployment can still be torn down; an institution whose policy requires it sets
 * the lock's grace period to make it compliance mode, which no one can lift (docs/security.md).
 */
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as backup from 'aws-cdk-lib/aws-backup';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import { Construct } from 'constructs';

/** How long each daily copy of the audit trail is kept, and the least the vault lock allows. */
export const AUDIT_BACKUP_RETENTION = Duration.days(365);

export class AuditBackup extends Construct {
  readonly vault: backup.BackupVault;
  readonly plan: backup.BackupPlan;

  constructor(scope: Construct, id: string, table: dynamodb.ITable) {
    super(scope, id);
    this.vault = new backup.BackupVault(this, 'Vault', {
      lockConfiguration: { minRetention: AUDIT_BACKUP_RETENTION },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.plan = new backup.BackupPlan(this, 'Plan', { backupVault: this.vault });
    this.plan.addRule(
      new backup.BackupPlanRule({
        ruleName: 'DailyAuditTrail',
        scheduleExpression: events.Schedule.cron({ hour: '4', minute: '0' }),
        deleteAfter: AUDIT_BACKUP_RETENTION,
      }),
    );
    const selection = this.plan.addSelection('AuditTable', { resources: [backup.BackupResource.fromDynamoDbTable(table)] });
    // Kept here rather than in nag.ts: the one finding of this construct, beside its cause.
    Validations.of(selection).acknowledge({
      id: 'AwsSolutions::AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]',
      reason: "AWS Backup's service role carries AWS's own backup policy (AWSBackupServiceRolePolicyForBackup), as AWS Backup documents.",
    });
  }
}

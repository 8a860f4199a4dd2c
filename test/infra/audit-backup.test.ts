/** The audit trail's copy that no function can change (lib/audit-backup.ts). */
import type { CfnResource } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { AUDIT_BACKUP_RETENTION } from '#cdk/audit-backup';
import { synth } from './harness';
import { resources, type Json } from './template';

const { stack, template } = synth();
const logicalId = (c: IConstruct) => stack.getLogicalId(c.node.defaultChild as CfnResource);
const days = AUDIT_BACKUP_RETENTION.toDays();

describe('the audit trail in AWS', () => {
  it('is backed up daily into a locked vault, each copy kept a year', () => {
    const [[vaultId, vault]] = resources(template, 'AWS::Backup::BackupVault') as [[string, Json]];
    expect(vault.Properties.LockConfiguration).toEqual({ MinRetentionDays: days });
    const [[, plan]] = resources(template, 'AWS::Backup::BackupPlan') as [[string, Json]];
    const rules = plan.Properties.BackupPlan.BackupPlanRule as Json[];
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ TargetBackupVault: { 'Fn::GetAtt': [vaultId, 'BackupVaultName'] }, Lifecycle: { DeleteAfterDays: days } });
    expect(rules[0].ScheduleExpression).toMatch(/^cron\(0 4 \* \* \? \*\)$/);
    const [[, selection]] = resources(template, 'AWS::Backup::BackupSelection') as [[string, Json]];
    expect(JSON.stringify(selection.Properties.BackupSelection.Resources)).toContain(logicalId(stack.staff.audit));
  });

  it('leaves no function a permission on backups or on the table’s recovery', () => {
    for (const [, policy] of resources(template, 'AWS::IAM::Policy')) {
      const actions = (policy.Properties.PolicyDocument.Statement as Json[]).flatMap((s) => [s.Action].flat() as string[]);
      expect(actions.filter((a) => /^backup:|ContinuousBackups|RestoreTable|DeleteBackup/.test(a))).toEqual([]);
    }
  });
});

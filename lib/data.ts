/**
 * The tables. All share one key shape (pk, sk: strings) and the `expiresAt` TTL attribute, which
 * is what the adapters and the local stack (dynalite) assume.
 *
 * Encryption: the AWS-managed key (aws/dynamodb) rather than a customer-managed key. Every use
 * of it is logged in CloudTrail, it costs nothing per month, and it needs no key policy or
 * kms:Decrypt grant on each of ~30 roles. A CMK would add $1/month per key plus those grants and
 * buys key-policy control and cross-account use, which a single-institution deployment does not
 * need. Changing to a CMK later is an in-place table update.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { CHANGES_INDEX, CHANGES_INDEX_KEYS, IN_PROGRESS_INDEX, IN_PROGRESS_INDEX_KEYS, SUBMISSIONS_INDEX, SUBMISSIONS_INDEX_KEYS } from '#lambdas/routes';

export const TTL_ATTRIBUTE = 'expiresAt';

export class Data extends Construct {
  readonly answers: dynamodb.Table;
  readonly status: dynamodb.Table;
  readonly tabs: dynamodb.Table;
  /** Reference data for /lookup/find. */
  readonly lookup: dynamodb.Table;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.answers = this.table('Answers');
    // Sparse: only submitted answer items carry these keys (staff list and exports, newest first).
    this.answers.addGlobalSecondaryIndex({
      indexName: SUBMISSIONS_INDEX,
      partitionKey: { name: SUBMISSIONS_INDEX_KEYS.partition, type: dynamodb.AttributeType.STRING },
      sortKey: { name: SUBMISSIONS_INDEX_KEYS.sort, type: dynamodb.AttributeType.STRING },
      projectionType: dynamodb.ProjectionType.ALL,
    });
    // Sparse too: the submissions by their last change (the student information system's list, oldest first); a
    // page is the items themselves, so the whole item is projected.
    this.answers.addGlobalSecondaryIndex({
      indexName: CHANGES_INDEX,
      partitionKey: { name: CHANGES_INDEX_KEYS.partition, type: dynamodb.AttributeType.STRING },
      sortKey: { name: CHANGES_INDEX_KEYS.sort, type: dynamodb.AttributeType.STRING },
      projectionType: dynamodb.ProjectionType.ALL,
    });
    // Sparse, the other way round: only answer items not yet submitted carry these keys (the office's
    // list of applications in progress, by cycle, newest start first). Its keys only: the save sets
    // them where absent, so later saves change nothing it holds and never write to it.
    this.answers.addGlobalSecondaryIndex({
      indexName: IN_PROGRESS_INDEX,
      partitionKey: { name: IN_PROGRESS_INDEX_KEYS.partition, type: dynamodb.AttributeType.STRING },
      sortKey: { name: IN_PROGRESS_INDEX_KEYS.sort, type: dynamodb.AttributeType.STRING },
      projectionType: dynamodb.ProjectionType.KEYS_ONLY,
    });
    this.status = this.table('Status');
    this.tabs = this.table('Tabs');
    this.lookup = this.table('Lookup');
  }

  private table(id: string): dynamodb.Table {
    return new dynamodb.Table(this, id, {
      partitionKey: { name: 'pk', type: dynamodb.AttributeType.STRING },
      sortKey: { name: 'sk', type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      timeToLiveAttribute: TTL_ATTRIBUTE,
      deletionProtection: true,
      // Applicants' data outlives the stack: `cdk destroy` leaves the tables (see docs/deploy.md);
      // only the rollback of a failed first create removes them (CloudFormation's RetainExceptOnCreate).
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
  }
}

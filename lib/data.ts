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
import { ANSWERS_INDEXES, IN_PROGRESS_INDEX } from '#lambdas/routes';

export const TTL_ATTRIBUTE = 'expiresAt';

export class Data extends Construct {
  readonly answers: dynamodb.Table;
  readonly status: dynamodb.Table;
  readonly tabs: dynamodb.Table;
  /** Reference data for /lookup/find. */
  readonly lookup: dynamodb.Table;

  constructor(scope: Construct, id: string, props: { answersIndexes?: number | undefined } = {}) {
    super(scope, id);
    this.answers = this.table('Answers');
    const count = props.answersIndexes ?? ANSWERS_INDEXES.length;
    if (count > ANSWERS_INDEXES.length)
      throw new Error(`context answersIndexes must be at most ${ANSWERS_INDEXES.length}: the answers table has that many indexes`);
    // In a fixed order, the first `count` of them: CloudFormation creates one index per table
    // update, so an upgrade that adds two deploys with fewer first (docs/deploy.md).
    for (const [indexName, keys] of ANSWERS_INDEXES.slice(0, count)) {
      this.answers.addGlobalSecondaryIndex({
        indexName,
        partitionKey: { name: keys.partition, type: dynamodb.AttributeType.STRING },
        sortKey: { name: keys.sort, type: dynamodb.AttributeType.STRING },
        projectionType: indexName === IN_PROGRESS_INDEX ? dynamodb.ProjectionType.KEYS_ONLY : dynamodb.ProjectionType.ALL,
      });
    }
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

/**
 * The bucket that receives S3 server access logs and, in us-east-1, CloudFront's access logs
 * (standard logging v2 without query strings: lib/edge-logs.ts). Log delivery writes with the
 * `bucket-owner-full-control` ACL, hence BUCKET_OWNER_PREFERRED instead of the ACL-free default.
 * Logs expire after a year.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

export class AccessLogs extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(365) }],
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
  }
}

/** The settings every private bucket of ours shares. */
export function privateBucketProps(logs: s3.IBucket, prefix: string): s3.BucketProps {
  return {
    blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
    encryption: s3.BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
    serverAccessLogsBucket: logs,
    serverAccessLogsPrefix: `${prefix}/`,
    removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
  };
}

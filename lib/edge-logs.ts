/**
 * CloudFront's access logs without the secrets that travel in addresses. A staff-issued
 * `?token=` link (valid for weeks), the print view's `?service_token=` and a reset link's code
 * are query strings, and the page that carries one sends its full address as the `Referer` of
 * every request it makes; standard logging (legacy) writes both, with no way to leave them out.
 * So legacy logging is off, and standard logging (v2) writes the fields below, which have no
 * query string, referrer or cookie, to the access-logs bucket under `AWSLogs/`.
 *
 * CloudFront's v2 log sources exist only in us-east-1: a stack there gets them; elsewhere, or
 * when synth does not know the region, the distribution has no access logs (synth says so), and
 * the API's own access log (no headers, query strings or cookies) and WAF's metrics remain.
 */
import { ArnFormat, Stack } from 'aws-cdk-lib';
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/** What each request's log record holds: no `cs-uri-query`, `cs(Referer)` or `cs(Cookie)`. */
export const EDGE_LOG_FIELDS = [
  'date',
  'time',
  'x-edge-location',
  'sc-bytes',
  'c-ip',
  'cs-method',
  'cs(Host)',
  'cs-uri-stem',
  'sc-status',
  'cs(User-Agent)',
  'x-edge-result-type',
  'x-edge-request-id',
  'x-host-header',
  'cs-protocol',
  'cs-bytes',
  'time-taken',
  'x-forwarded-for',
  'ssl-protocol',
  'ssl-cipher',
  'x-edge-response-result-type',
  'cs-protocol-version',
  'c-port',
  'time-to-first-byte',
  'x-edge-detailed-result-type',
  'sc-content-type',
  'sc-content-len',
] as const;

/** The fields that carry secrets or session material, never selected. */
export const EDGE_LOG_FIELDS_LEFT_OUT = ['cs-uri-query', 'cs(Referer)', 'cs(Cookie)'] as const;

export class EdgeLogs extends Construct {
  readonly source: logs.CfnDeliverySource;
  readonly delivery: logs.CfnDelivery;

  constructor(scope: Construct, id: string, props: { distribution: cloudfront.IDistribution; bucket: s3.IBucket; namePrefix: string }) {
    super(scope, id);
    const stack = Stack.of(this);
    // CloudWatch Logs' delivery service writes the files; only for this account's delivery sources.
    props.bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('delivery.logs.amazonaws.com')],
        actions: ['s3:PutObject'],
        resources: [props.bucket.arnForObjects(`AWSLogs/${stack.account}/*`)],
        conditions: {
          StringEquals: { 's3:x-amz-acl': 'bucket-owner-full-control', 'aws:SourceAccount': stack.account },
          ArnLike: {
            'aws:SourceArn': stack.formatArn({ service: 'logs', resource: 'delivery-source', resourceName: '*', arnFormat: ArnFormat.COLON_RESOURCE_NAME }),
          },
        },
      }),
    );
    this.source = new logs.CfnDeliverySource(this, 'Source', {
      name: `${props.namePrefix}-${stack.stackName}-edge`.slice(0, 60),
      logType: 'ACCESS_LOGS',
      resourceArn: stack.formatArn({ service: 'cloudfront', region: '', resource: 'distribution', resourceName: props.distribution.distributionId }),
    });
    const destination = new logs.CfnDeliveryDestination(this, 'Destination', {
      name: `${props.namePrefix}-${stack.stackName}-edge-s3`.slice(0, 60),
      destinationResourceArn: props.bucket.bucketArn,
      outputFormat: 'w3c',
    });
    this.delivery = new logs.CfnDelivery(this, 'Delivery', {
      deliverySourceName: this.source.name,
      deliveryDestinationArn: destination.attrArn,
      recordFields: [...EDGE_LOG_FIELDS],
    });
    this.delivery.addDependency(this.source);
  }
}

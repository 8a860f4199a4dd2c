/**
 * Secrets in addresses stay out of CloudFront's access logs (lib/edge-logs.ts): no legacy
 * logging (it writes query strings and referrers), and in us-east-1 standard logging (v2) with
 * fields that carry neither.
 */
import type { CfnResource } from 'aws-cdk-lib';
import { EDGE_LOG_FIELDS, EDGE_LOG_FIELDS_LEFT_OUT } from '#cdk/edge-logs';
import { synth } from './harness';
import { resource, resources, type Json } from './template';

const east = synth({}, { env: { account: '123456789012', region: 'us-east-1' } });
const logicalId = (s: typeof east, c: { node: { defaultChild?: unknown } }) => s.stack.getLogicalId(c.node.defaultChild as CfnResource);

describe('CloudFront access logs', () => {
  it('leave out the query string, the referrer and cookies in us-east-1', () => {
    const [[, delivery]] = resources(east.template, 'AWS::Logs::Delivery') as [[string, Json]];
    const fields = delivery.Properties.RecordFields as string[];
    expect(fields).toEqual([...EDGE_LOG_FIELDS]);
    for (const secret of EDGE_LOG_FIELDS_LEFT_OUT) expect(fields).not.toContain(secret);
    expect(fields).toEqual(expect.arrayContaining(['date', 'time', 'c-ip', 'cs-method', 'cs-uri-stem', 'sc-status']));
    expect(fields.filter((f) => /query|referer|cookie/i.test(f))).toEqual([]);
  });

  it('come from the distribution and go to the access-logs bucket, which lets only log delivery write them', () => {
    const [[sourceId, source]] = resources(east.template, 'AWS::Logs::DeliverySource') as [[string, Json]];
    expect(source.Properties.LogType).toBe('ACCESS_LOGS');
    expect(JSON.stringify(source.Properties.ResourceArn)).toContain(logicalId(east, east.stack.site.distribution));
    const [[destinationId, destination]] = resources(east.template, 'AWS::Logs::DeliveryDestination') as [[string, Json]];
    const bucketId = logicalId(east, east.stack.accessLogs.bucket);
    expect(destination.Properties.DestinationResourceArn).toEqual({ 'Fn::GetAtt': [bucketId, 'Arn'] });
    const [[, delivery]] = resources(east.template, 'AWS::Logs::Delivery') as [[string, Json]];
    expect(delivery.Properties.DeliveryDestinationArn).toEqual({ 'Fn::GetAtt': [destinationId, 'Arn'] });
    expect(delivery.Properties.DeliverySourceName).toBe(source.Properties.Name);
    expect(delivery.DependsOn).toContain(sourceId);
    const policy = resources(east.template, 'AWS::S3::BucketPolicy').find(([, p]) => p.Properties.Bucket.Ref === bucketId)?.[1];
    const statement = policy?.Properties.PolicyDocument.Statement.find((s: Json) => s.Principal?.Service === 'delivery.logs.amazonaws.com');
    expect(statement).toMatchObject({ Effect: 'Allow', Action: 's3:PutObject', Condition: { StringEquals: { 'aws:SourceAccount': '123456789012' } } });
  });

  it('are never written by legacy logging, in any region', () => {
    for (const s of [east, synth()]) {
      const config = resource(s.template, logicalId(s, s.stack.site.distribution)).Properties.DistributionConfig;
      expect(config.Logging).toBeUndefined();
    }
    expect(resources(synth().template, 'AWS::Logs::DeliverySource')).toEqual([]);
  });
});

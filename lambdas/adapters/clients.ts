/**
 * AWS SDK clients, created once per process from configuration. In the local stack the
 * endpoints point at dynalite and s3rver with their fixed credentials; in AWS the default
 * credential chain and endpoints apply.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config, onConfigChange } from '#lambdas/config';

let dynamo: DynamoDBDocumentClient | undefined;
let s3: S3Client | undefined;

/** A client the adapters make from configuration: its service and its middleware stack. */
export type MadeClient = { service: 'dynamodb'; stack: DynamoDBClient['middlewareStack'] } | { service: 's3'; stack: S3Client['middlewareStack'] };
/** Sees each client's middleware stack once, as the client is made. */
export type SdkClientHook = (client: MadeClient) => void;
const hooks: SdkClientHook[] = [];

/**
 * For the local stack, which adds its own SDK middleware: the load measurements
 * (local/dynamo-timing.ts) and the grants a route's Lambda would have in AWS (local/route-grants.ts).
 * Nothing registers in AWS, and that code is not part of Lambda bundles.
 */
export function onSdkClient(next: SdkClientHook): void {
  hooks.push(next);
  dynamo = undefined;
  s3 = undefined;
}

onConfigChange(() => {
  dynamo = undefined;
  s3 = undefined;
});

export function dynamoClient(): DynamoDBDocumentClient {
  if (!dynamo) {
    const c = config();
    const base = new DynamoDBClient({
      region: c.region,
      ...(c.dynamodbEndpoint ? { endpoint: c.dynamodbEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
      maxAttempts: 3,
    });
    for (const hook of hooks) hook({ service: 'dynamodb', stack: base.middlewareStack });
    dynamo = DynamoDBDocumentClient.from(base, {
      marshallOptions: { removeUndefinedValues: true },
    });
  }
  return dynamo;
}

export function s3Client(): S3Client {
  if (!s3) {
    const c = config();
    s3 = new S3Client({
      region: c.region,
      ...(c.s3Endpoint
        ? {
            endpoint: c.s3Endpoint,
            forcePathStyle: true,
            // s3rver accepts only this key pair.
            credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
          }
        : {}),
      // Checksums only where S3 requires them: s3rver does not decode the SDK's default
      // checksummed (aws-chunked) streaming uploads, and without these they arrive silently corrupted.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    for (const hook of hooks) hook({ service: 's3', stack: s3.middlewareStack });
  }
  return s3;
}

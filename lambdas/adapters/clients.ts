/**
 * AWS SDK clients, created once per process from configuration. In the local stack the
 * endpoints point at dynalite and s3rver with their fixed credentials; in AWS the default
 * credential chain and endpoints apply.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { config, onConfigChange } from '../config';

let dynamo: DynamoDBDocumentClient | undefined;
let s3: S3Client | undefined;

/** Told how long each DynamoDB call took: in all (SDK work included) and on the wire. */
export type DynamoCallObserver = (call: { command: string; totalMs: number; wireMs: number }) => void;
let observer: DynamoCallObserver | undefined;

/** The local stack's load measurements; nothing observes calls in AWS. */
export function observeDynamoCalls(next: DynamoCallObserver): void {
  observer = next;
  dynamo = undefined;
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
      ...(c.dynamodbEndpoint
        ? { endpoint: c.dynamodbEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {}),
      maxAttempts: 3,
    });
    if (observer) timeCalls(base, observer);
    dynamo = DynamoDBDocumentClient.from(base, {
      marshallOptions: { removeUndefinedValues: true },
    });
  }
  return dynamo;
}

/** A middleware that tells `done` how long the rest of the chain took for this call. */
function timing(done: (ms: number, context: object) => void) {
  return <I, O>(next: (args: I) => Promise<O>, context: object) =>
    async (args: I): Promise<O> => {
      const started = performance.now();
      try {
        return await next(args);
      } finally {
        done(performance.now() - started, context);
      }
    };
}

function timeCalls(client: DynamoDBClient, notify: DynamoCallObserver): void {
  // One context object per call is shared by both steps: the wire time is kept against it.
  const wire = new WeakMap<object, number>();
  // Outermost: the whole call. Innermost (after the deserializer): the HTTP exchange alone.
  client.middlewareStack.add(
    timing((totalMs, context) => notify({ command: (context as { commandName?: string }).commandName ?? 'unknown', totalMs, wireMs: wire.get(context) ?? 0 })),
    { step: 'initialize', priority: 'high', name: 'localTimeCall' },
  );
  client.middlewareStack.add(
    timing((ms, context) => wire.set(context, (wire.get(context) ?? 0) + ms)),
    { step: 'deserialize', priority: 'low', name: 'localTimeWire' },
  );
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
      // Without these, streamed uploads to s3rver are silently corrupted (ARCHITECTURE.md).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }
  return s3;
}

/** The event runtime's process (see event-runtime.ts): runs the event Lambdas' handlers on request. */
import type { S3Event } from 'aws-lambda';
import { setConfig, type Config } from '../lambdas/config';
import { handler as convertUpload } from '../lambdas/events/convert-upload';
import { renderApplicationPdf } from '../lambdas/events/render-pdf';
import { lambdaContext } from './api-gateway';
import { withRetries } from './retries';

type Request = { id: number } & ({ kind: 'convert'; event: S3Event } | { kind: 'render'; sub: string });

setConfig(JSON.parse(process.env.LOCAL_EVENT_CONFIG ?? '{}') as Partial<Config>);
const retryDelays = JSON.parse(process.env.LOCAL_RETRY_DELAYS_MS ?? '[1000,2000]') as number[];

process.on('message', (request: Request) => {
  const job =
    request.kind === 'convert'
      ? withRetries(() => convertUpload(request.event, lambdaContext('convertUpload', 120_000)), retryDelays)
      : renderApplicationPdf(request.sub);
  job.then(
    () => process.send?.({ id: request.id, ok: true }),
    (error: unknown) => process.send?.({ id: request.id, ok: false, error: String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));

/**
 * The event Lambdas, wired locally: an upload to the uploads bucket runs the conversion handler
 * as the bucket notification does in AWS (with its retries), and a PDF request runs the
 * renderer as the asynchronous invoke does. By default both run in the event runtime's child
 * process (event-runtime.ts), as separate compute, so they never hold up applicants' requests.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { S3Event } from 'aws-lambda';
import type { S3rverEventRecord } from 's3rver';
import { log } from '#adapters/log';
import type { conversionHandler } from '#events/convert-upload';
import type { Config } from '#lambdas/config';
import type { ConverterDependencies } from '#wiring/conversion';
import { installStandIns } from '#wiring/stand-ins';
import { lambdaContext } from './api-gateway';
import { DeadLetters, runOrDeadLetter } from './dead-letters';
import { startEventRuntime, type EventJob, type EventRuntime } from './event-runtime';
import { LocalRenderQueue, LOCAL_RENDER_CONCURRENCY } from './render-queue';
import { LOCAL_RETRY_DELAYS_MS } from './retries';
import type { LocalServers } from './servers';

const ROOT = join(import.meta.dirname, '..');
const CONVERTER_ENTRY = join(ROOT, 'lambdas', 'events', 'convert-upload.ts');
const RENDERER_ENTRY = join(ROOT, 'lambdas', 'events', 'render-pdf.ts');
const LETTER_ENTRY = join(ROOT, 'lambdas', 'events', 'print-decision-letter.ts');

export interface EventWiringOptions {
  /** Fault tests: replaces some of the converter's I/O (the rest stays real). */
  converter?: Partial<ConverterDependencies>;
  /** Delays before the local retries of a failed conversion event. Default: 1 s, then 2 s. */
  converterRetryDelaysMs?: readonly number[];
  /** Run the jobs in this process instead of the event runtime's child process. */
  eventsInProcess?: boolean;
  /** Runs each job some other way (the bundled stack: the synthesized functions). */
  runJob?: (job: EventJob) => Promise<unknown>;
  /** Measurement (bench -- capacity): told how long each job took, retries included. */
  onJobDone?: (job: EventJob, ms: number, ok: boolean) => void;
}

export interface EventWiring {
  stop(): Promise<void>;
}

/** s3rver reports keys decoded; S3 events URL-encode them (spaces as '+'). Encode here so handlers decode in one place. */
function toAwsRecord(record: S3rverEventRecord): S3Event['Records'][number] {
  const encodedKey = encodeURIComponent(record.s3.object.key).replace(/%2F/g, '/').replace(/%20/g, '+');
  return {
    ...(record as unknown as S3Event['Records'][number]),
    s3: { ...(record as unknown as S3Event['Records'][number]).s3, object: { ...record.s3.object, key: encodedKey } },
  } as S3Event['Records'][number];
}

/** Jobs run in this process: fault tests inject converter functions that cannot cross processes. */
function inProcessJobs(options: EventWiringOptions, retryDelays: readonly number[], deadLetters: DeadLetters): (job: EventJob) => Promise<unknown> {
  let converter: Promise<ReturnType<typeof conversionHandler>> | undefined;
  return async (job) => {
    if (job.kind === 'letter') {
      const m = (await import(pathToFileURL(LETTER_ENTRY).href)) as { printLetterOrThrow: (sub: string) => Promise<unknown> };
      return runOrDeadLetter(job, () => m.printLetterOrThrow(job.sub), retryDelays, deadLetters);
    }
    if (job.kind === 'render') {
      const m = (await import(pathToFileURL(RENDERER_ENTRY).href)) as { renderOrThrow: (sub: string) => Promise<unknown> };
      return runOrDeadLetter(job, () => m.renderOrThrow(job.sub), retryDelays, deadLetters);
    }
    converter ??= import(pathToFileURL(CONVERTER_ENTRY).href).then((m: { conversionHandler: typeof conversionHandler }) =>
      m.conversionHandler(options.converter),
    );
    const handle = await converter;
    return runOrDeadLetter(job, () => handle(job.event, lambdaContext('convertUpload', 120_000)), retryDelays, deadLetters);
  };
}

/** A render queued (and so started, as far as the caller can tell). */
const queued = (queue: LocalRenderQueue) => (sub: string) => {
  queue.add(sub);
  return Promise.resolve();
};

export function wireEvents(options: EventWiringOptions & { quiet?: boolean }, cfg: Config, servers: LocalServers, dataDir: string): EventWiring {
  const retryDelays = options.converterRetryDelaysMs ?? LOCAL_RETRY_DELAYS_MS;
  const deadLetters = new DeadLetters(dataDir, options.quiet);
  let runtime: EventRuntime | undefined;
  let runJob: (job: EventJob) => Promise<unknown>;
  if (options.runJob) {
    runJob = options.runJob;
  } else if (options.eventsInProcess || options.converter) {
    runJob = inProcessJobs(options, retryDelays, deadLetters);
  } else {
    const started = startEventRuntime(cfg, retryDelays, dataDir);
    runtime = started;
    runJob = (job) => started.run(job);
  }
  if (options.onJobDone) {
    const run = runJob;
    const observe = options.onJobDone;
    runJob = async (job) => {
      const started = performance.now();
      try {
        const result = await run(job);
        observe(job, performance.now() - started, true);
        return result;
      } catch (error) {
        observe(job, performance.now() - started, false);
        throw error;
      }
    };
  }
  // The render Lambda's stand-in: the application PDFs and the decision letters, each through a bounded queue.
  const renders = new LocalRenderQueue(
    (sub) => runJob({ kind: 'render', sub }),
    LOCAL_RENDER_CONCURRENCY,
    (sub, error) => log.error('local render failed', { sub, error }),
  );
  const letters = new LocalRenderQueue(
    (sub) => runJob({ kind: 'letter', sub }),
    LOCAL_RENDER_CONCURRENCY,
    (sub, error) => log.error('local decision letter failed', { sub, error }),
  );
  installStandIns({ startRender: queued(renders), startLetterPrint: queued(letters) });
  servers.onObjectCreated((record) => {
    if (record.s3.bucket.name !== cfg.uploadsBucket || (!options.runJob && !existsSync(CONVERTER_ENTRY))) return;
    runJob({ kind: 'convert', event: { Records: [toAwsRecord(record)] } }).catch((error: unknown) =>
      process.stderr.write(`conversion failed: ${String(error)}\n`),
    );
  });
  return {
    stop: async () => {
      renders.close();
      letters.close();
      await runtime?.stop();
    },
  };
}

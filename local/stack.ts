/**
 * The whole product on one machine: dynalite and s3rver in their own processes, the local
 * identity provider in this one, and one HTTP server that serves the web build and routes /api, /public,
 * /service and /lookup to the same handler modules that run in Lambda.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { S3Event } from 'aws-lambda';
import type { S3rverEventRecord } from 's3rver';
import { setConfig, type Config } from '../lambdas/config';
import { registerLocalIdentity } from '../lambdas/adapters/identity';
import { observeDynamoCalls } from '../lambdas/adapters/clients';
import { closeLocalRenderer, registerLocalRenderer } from '../lambdas/adapters/renderer/request';
import { registerLocalMailer, type Mailer } from '../lambdas/adapters/mail';
import { registerLocalConfirmation } from '../lambdas/adapters/mail/request';
import { sendConfirmationMail } from '../lambdas/domain/confirmation';
import { handleApiRequest, isApiPath, lambdaContext, preloadHandlers } from './api-gateway';
import { LocalIdentityProvider } from './identity/provider';
import { loadOrCreateSigningKey } from './identity/keys';
import { Outbox, outboxHtml } from './outbox';
import { ensureTables, startServers } from './servers';
import { removeStackNote, writeStackNote } from './running';
import { SITE_HEADERS, serveStatic } from './static-site';
import { LOCAL_RETRY_DELAYS_MS, withRetries } from './retries';
import { DeadLetters, runOrDeadLetter } from './dead-letters';
import { startEventRuntime, type EventRuntime } from './event-runtime';
import { LOAD_TRACE_HEADER, StackMetrics } from './metrics';
import { ensureStaffTables, eventsFile, handleStaffDevRequest, registerLocalStaff } from './staff-dev';
import type { ConverterDependencies, conversionHandler } from '../lambdas/events/convert-upload';

export const ROOT = resolve(import.meta.dirname, '..');
// The pinned AWS SDK supports Node 20; its notice that later releases will need Node 22 is
// known (README) and would otherwise print in every process of the stack.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const IDENTITY_TABLE = 'local-identity';
const CONVERTER_ENTRY = join(ROOT, 'lambdas', 'events', 'convert-upload.ts');
const RENDERER_ENTRY = join(ROOT, 'lambdas', 'events', 'render-pdf.ts');

export interface StackOptions {
  /** 0 picks a free port. Default: PORT or 3000. */
  port?: number;
  /** Default: DATA_DIR or .data/ in the repository. Kept across restarts. */
  dataDir?: string;
  /** Default: web/dist. */
  webDir?: string;
  /** No request or outbox logging on the console (tests). */
  quiet?: boolean;
  /** Configuration overrides (e.g. a short access-token lifetime in tests). */
  config?: Partial<Config>;
  /** Fault tests: replaces some of the converter's I/O (the rest stays real). */
  converter?: Partial<ConverterDependencies>;
  /** Delays before the local retries of a failed conversion event. Default: 1 s, then 2 s. */
  converterRetryDelaysMs?: readonly number[];
  /**
   * Run conversions and PDF renders in this process instead of the event runtime's child
   * process. Implied by `converter` (injected functions cannot cross processes).
   */
  eventsInProcess?: boolean;
  /** Fault tests: sends the product's own e-mails instead of the dev outbox. */
  mailer?: Mailer;
  /** Delays before the local retries of a failed confirmation e-mail. Default: 1 s, then 2 s. */
  mailRetryDelaysMs?: readonly number[];
  /** Load every handler module in the background once listening (default true; see preloadHandlers). */
  preloadHandlers?: boolean;
}

export interface RunningStack {
  url: string;
  port: number;
  dataDir: string;
  dynamodbEndpoint: string;
  s3Endpoint: string;
  outbox: Outbox;
  stop(): Promise<void>;
}

/** s3rver reports keys decoded; S3 events URL-encode them (spaces as '+'). Encode here so handlers decode in one place. */
function toAwsRecord(record: S3rverEventRecord): S3Event['Records'][number] {
  const encodedKey = encodeURIComponent(record.s3.object.key).replace(/%2F/g, '/').replace(/%20/g, '+');
  return { ...(record as unknown as S3Event['Records'][number]), s3: { ...(record as unknown as S3Event['Records'][number]).s3, object: { ...record.s3.object, key: encodedKey } } } as S3Event['Records'][number];
}

export async function startStack(options: StackOptions = {}): Promise<RunningStack> {
  const dataDir = resolve(options.dataDir ?? process.env.DATA_DIR ?? join(ROOT, '.data'));
  const webDir = resolve(options.webDir ?? join(ROOT, 'web', 'dist'));
  const requestedPort = options.port ?? Number(process.env.PORT ?? 3000);
  mkdirSync(dataDir, { recursive: true });

  const baseConfig = setConfig({ identityProvider: 'local', ...options.config });
  const servers = await startServers(dataDir, [baseConfig.uploadsBucket, baseConfig.documentsBucket, baseConfig.exportsBucket]);
  await ensureStaffTables(servers.dynamodbEndpoint, baseConfig);
  await ensureTables(servers.dynamodbEndpoint, [baseConfig.answersTable, baseConfig.statusTable, baseConfig.tabsTable, baseConfig.lookupTable, IDENTITY_TABLE, baseConfig.auditTable]);

  const http: Server = createServer();
  // A request Node cannot parse (a malformed line, a path that is no path) gets JSON as well.
  const unreadable = JSON.stringify({ message: 'The request could not be read.' });
  http.on('clientError', (_error, socket) => {
    if (socket.writable) {
      socket.end(`HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(unreadable)}\r\nconnection: close\r\n\r\n${unreadable}`);
    } else {
      socket.destroy();
    }
  });
  await new Promise<void>((ok, fail) => {
    http.once('error', fail);
    http.listen(requestedPort, '127.0.0.1', () => ok());
  });
  const port = (http.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;

  const cfg = setConfig({
    identityProvider: 'local',
    dynamodbEndpoint: servers.dynamodbEndpoint,
    s3Endpoint: servers.s3Endpoint,
    publicOrigin: url,
    localEventsFile: eventsFile(dataDir),
    ...options.config,
  });
  // Handlers read configuration from the environment too (event Lambdas, child processes).
  process.env.DYNAMODB_ENDPOINT = servers.dynamodbEndpoint;
  process.env.S3_ENDPOINT = servers.s3Endpoint;
  process.env.PUBLIC_ORIGIN = url;
  process.env.IDENTITY_PROVIDER = 'local';

  const outbox = new Outbox(dataDir, options.quiet);
  const key = loadOrCreateSigningKey(dataDir);
  const issuer = `${url}/_local-idp`;
  registerLocalIdentity({
    issuer,
    jwks: key.jwks,
    provider: new LocalIdentityProvider({
      table: IDENTITY_TABLE,
      issuer,
      clientId: cfg.userPoolClientId,
      key,
      outbox,
      origin: url,
      accessTokenTtlSeconds: cfg.accessTokenTtlSeconds,
    }),
  });

  const staff = registerLocalStaff({ table: IDENTITY_TABLE, issuer, key, outbox, origin: url, cfg });
  // The product's own e-mails land in the dev outbox. The confirmation job is light (two reads, a
  // claim, one outbox entry) and the outbox lives in this process, so it runs here, after submit
  // has answered, with the retries Lambda gives an asynchronous invoke.
  registerLocalMailer(
    options.mailer ??
      (async (mail) => {
        const sent = outbox.send(mail);
        return `local-${sent.sentAt}`;
      }),
  );
  const mailRetries = options.mailRetryDelaysMs ?? LOCAL_RETRY_DELAYS_MS;
  registerLocalConfirmation((sub) => withRetries(() => sendConfirmationMail(sub), mailRetries));

  // The event Lambdas: uploads trigger the conversion handler as the bucket notification does
  // in AWS (with its retries), and submit invokes the renderer asynchronously. By default they
  // run in a child process, as separate compute, so they never hold up applicants' requests.
  const retryDelays = options.converterRetryDelaysMs ?? LOCAL_RETRY_DELAYS_MS;
  const deadLetters = new DeadLetters(dataDir, options.quiet);
  let runtime: EventRuntime | undefined;
  let runJob: (job: { kind: 'convert'; event: S3Event } | { kind: 'render'; sub: string }) => Promise<unknown>;
  if (options.eventsInProcess || options.converter) {
    let converter: Promise<ReturnType<typeof conversionHandler>> | undefined;
    runJob = async (job) => {
      if (job.kind === 'render') {
        const m = (await import(pathToFileURL(RENDERER_ENTRY).href)) as { renderOrThrow: (sub: string) => Promise<unknown> };
        return runOrDeadLetter(job, () => m.renderOrThrow(job.sub), retryDelays, deadLetters);
      }
      converter ??= import(pathToFileURL(CONVERTER_ENTRY).href).then(
        (m: { conversionHandler: typeof conversionHandler; converterDependencies: ConverterDependencies }) =>
          m.conversionHandler({ ...m.converterDependencies, ...options.converter }),
      );
      const handle = await converter;
      return runOrDeadLetter(job, () => handle(job.event, lambdaContext('convertUpload', 120_000)), retryDelays, deadLetters);
    };
  } else {
    const started = startEventRuntime(cfg, retryDelays, dataDir);
    runtime = started;
    runJob = (job) => started.run(job);
  }
  registerLocalRenderer((sub) => runJob({ kind: 'render', sub }));
  servers.onObjectCreated((record) => {
    if (record.s3.bucket.name !== cfg.uploadsBucket || !existsSync(CONVERTER_ENTRY)) return;
    runJob({ kind: 'convert', event: { Records: [toAwsRecord(record)] } }).catch((error: unknown) =>
      process.stderr.write(`conversion failed: ${String(error)}\n`),
    );
  });

  const metrics = new StackMetrics();
  observeDynamoCalls(({ command, totalMs, wireMs }) => {
    metrics.record(`(DynamoDB ${command}, whole call)`, totalMs);
    metrics.record(`(DynamoDB ${command}, on the wire)`, wireMs);
  });
  http.on('request', (req, res) => {
    const started = Date.now();
    const startedPrecise = performance.now();
    let parsed: URL;
    try {
      // Appended, not resolved: a request path starting with // must stay a path, not become a host.
      parsed = new URL(`${url}${req.url ?? '/'}`);
    } catch {
      res.writeHead(400, { 'content-type': 'application/json; charset=utf-8', connection: 'close' }).end(unreadable);
      return;
    }
    if (!options.quiet) {
      res.on('finish', () => process.stdout.write(`${req.method} ${parsed.pathname} ${res.statusCode} ${Date.now() - started}ms\n`));
    }
    const path = parsed.pathname;
    if (isApiPath(path)) {
      handleApiRequest(req, res, parsed).then(
        (routeKey) => {
          const ended = performance.now();
          metrics.record(routeKey ?? 'unrouted', ended - startedPrecise);
          const traceId = req.headers[LOAD_TRACE_HEADER];
          if (typeof traceId === 'string') {
            metrics.trace({ id: traceId, route: routeKey ?? 'unrouted', arrivedAt: performance.timeOrigin + startedPrecise, doneAt: performance.timeOrigin + ended });
          }
        },
        () => {
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
          res.end();
        },
      );
    } else if (path === '/_dev/metrics.json') {
      // Local only, like the outbox: the load benchmark's server-side view. POST clears it.
      if (req.method === 'POST') metrics.reset();
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify(metrics.snapshot()));
    } else if (path === '/_dev/mail.json') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify(outbox.list()));
    } else if (path === '/_dev/mail') {
      res.writeHead(200, { ...SITE_HEADERS, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(outboxHtml(outbox.list()));
    } else if (path.startsWith('/_dev/') && handleStaffDevRequest(req, res, path, dataDir, staff)) {
      // staff users and submission events (local/staff-dev.ts)
    } else if (path === '/_local-idp/.well-known/jwks.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(key.jwks));
    } else {
      serveStatic(webDir, path, res, String(req.headers['accept-encoding'] ?? ''), req.method);
    }
  });

  if (options.preloadHandlers !== false) {
    void preloadHandlers().then((failed) => {
      for (const f of failed) process.stderr.write(`handler failed to load: ${f}\n`);
    });
  }

  writeStackNote(dataDir, { url, dynamodbEndpoint: servers.dynamodbEndpoint, s3Endpoint: servers.s3Endpoint, pid: process.pid });

  return {
    url,
    port,
    dataDir,
    dynamodbEndpoint: servers.dynamodbEndpoint,
    s3Endpoint: servers.s3Endpoint,
    outbox,
    stop: async () => {
      await new Promise<void>((ok) => {
        http.close(() => ok());
        http.closeAllConnections();
      });
      metrics.stop();
      closeLocalRenderer();
      await runtime?.stop();
      await outbox.flush();
      await servers.close();
      removeStackNote(dataDir);
    },
  };
}

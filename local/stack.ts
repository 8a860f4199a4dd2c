/**
 * The whole product on one machine: dynalite and s3rver in their own processes, the local
 * identity provider in this one, and one HTTP server that serves the web build and routes /api, /public,
 * /service and /lookup to the same handler modules that run in Lambda.
 */
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { registerLocalIdentity } from '#adapters/identity';
import { trustLocalMachineTokens } from '#adapters/identity/machine-verify';
import { log } from '#adapters/log';
import { sendConfirmationMail } from '#domain/confirmation';
import type { Mailer } from '#domain/ports/mail';
import { handler as retentionFunction } from '#events/sweep-retention';
import { setConfig, type Config } from '#lambdas/config';
import { confirmationPorts } from '#wiring/confirmation';
import { installStandIns } from '#wiring/stand-ins';
import { preloadHandlers, type RouteInvoker } from './api-gateway';
import { scheduleDailyOfferSweep, type OfferSweep } from './cycles-dev';
import { DeadLetters } from './dead-letters';
import { appendEvent } from './dev-events';
import { timeDynamoCalls } from './dynamo-timing';
import type { EventJob } from './event-runtime';
import { wireEvents, type EventWiringOptions } from './event-wiring';
import { loadOrCreateSigningKey } from './identity/keys';
import { LocalIdentityProvider } from './identity/provider';
import { sampleBackedSource } from './lookup-samples';
import { startMailingQueue } from './mailing-queue';
import { StackMetrics } from './metrics';
import { Outbox } from './outbox';
import { scheduleDailySweep } from './recommendations-dev';
import { startReleaseSchedule } from './release-schedule';
import { scheduleDailyReminders } from './reminders-dev';
import { scheduleDailyRetention, type RetentionSweep } from './retention-dev';
import { LOCAL_RETRY_DELAYS_MS, withRetries } from './retries';
import { outsideRoutes, enforceRouteGrants } from './route-grants';
import { answerUnreadableRequests, createRouter } from './router';
import { removeStackNote, writeStackNote } from './running';
import { ensureTables, startServers } from './servers';
import { ensureStaffTables, eventsFile, registerLocalStaff } from './staff-dev';

export const ROOT = resolve(import.meta.dirname, '..');
// The pinned AWS SDK supports Node 20; its notice that later releases will need Node 22 is
// known (README) and would otherwise print in every process of the stack.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const IDENTITY_TABLE = 'local-identity';

/** Where the functions run instead of the source modules in this process (start:bundled). */
export interface FunctionRuntime {
  invoke: RouteInvoker;
  runJob(job: EventJob): Promise<unknown>;
  /** The synthesized retention sweep (it asks cognito-local for the accounts, not this process's provider). */
  sweepRetention: RetentionSweep;
  /** The synthesized expiry of unanswered offers. */
  sweepOffers: OfferSweep;
  stop(): Promise<void>;
}

export interface Endpoints {
  dynamodb: string;
  s3: string;
}

export interface StackOptions extends EventWiringOptions {
  /** 0 picks a free port. Default: PORT or 3000. */
  port?: number;
  /** Default: DATA_DIR or .data/ in the repository. Kept across restarts. */
  dataDir?: string;
  /** Default: WEB_DIR or web/dist. */
  webDir?: string;
  /** No request or outbox logging on the console (tests). */
  quiet?: boolean;
  /** Configuration overrides (e.g. a short access-token lifetime in tests). */
  config?: Partial<Config>;
  /** Fault tests: sends the product's own e-mails instead of the dev outbox. */
  mailer?: Mailer;
  /** Delays before the local retries of a failed confirmation e-mail. Default: 1 s, then 2 s. */
  mailRetryDelaysMs?: readonly number[];
  /** Load every handler module in the background once listening (default true; see preloadHandlers). */
  preloadHandlers?: boolean;
  /**
   * Measurement (bench -- capacity): the DynamoDB and S3 endpoints the API handlers and the
   * event functions are given, e.g. counting proxies in front of the real ones. Default: the real ones.
   */
  endpoints?: (real: Endpoints) => Promise<{ api: Endpoints; events: Endpoints }>;
  /** Started once the stack listens, with what it needs to configure functions (start:bundled). */
  functions?: (stack: {
    url: string;
    dataDir: string;
    dynamodbEndpoint: string;
    s3Endpoint: string;
    config: Config;
    outbox: Outbox;
  }) => Promise<FunctionRuntime>;
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

export async function startStack(options: StackOptions = {}): Promise<RunningStack> {
  const dataDir = resolve(options.dataDir ?? process.env.DATA_DIR ?? join(ROOT, '.data'));
  const webDir = resolve(options.webDir ?? process.env.WEB_DIR ?? join(ROOT, 'web', 'dist'));
  // The letterhead's logo (adapters/letterhead.ts) is the web build's copy; the event runtime inherits this.
  process.env.BRAND_DIR = join(webDir, 'brand');
  const requestedPort = options.port ?? Number(process.env.PORT ?? 3000);
  mkdirSync(dataDir, { recursive: true });

  const baseConfig = setConfig({ identityProvider: 'local', ...options.config });
  const servers = await startServers(dataDir, [baseConfig.uploadsBucket, baseConfig.documentsBucket, baseConfig.exportsBucket]);
  await ensureStaffTables(servers.dynamodbEndpoint, baseConfig, dataDir);
  await ensureTables(servers.dynamodbEndpoint, [
    baseConfig.answersTable,
    baseConfig.statusTable,
    baseConfig.tabsTable,
    baseConfig.lookupTable,
    IDENTITY_TABLE,
    baseConfig.auditTable,
  ]);

  const http: Server = createServer();
  answerUnreadableRequests(http);
  await new Promise<void>((ok, fail) => {
    http.once('error', fail);
    http.listen(requestedPort, '127.0.0.1', () => ok());
  });
  const port = (http.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;

  const real = { dynamodb: servers.dynamodbEndpoint, s3: servers.s3Endpoint };
  const endpoints = options.endpoints ? await options.endpoints(real) : { api: real, events: real };
  const cfg = setConfig({
    identityProvider: 'local',
    dynamodbEndpoint: endpoints.api.dynamodb,
    s3Endpoint: endpoints.api.s3,
    publicOrigin: url,
    ...options.config,
  });
  // Handlers read configuration from the environment too (event Lambdas, child processes).
  process.env.DYNAMODB_ENDPOINT = endpoints.api.dynamodb;
  process.env.S3_ENDPOINT = endpoints.api.s3;
  process.env.PUBLIC_ORIGIN = url;
  process.env.IDENTITY_PROVIDER = 'local';

  const outbox = new Outbox(dataDir, options.quiet);
  const key = loadOrCreateSigningKey(dataDir);
  const issuer = `${url}/_local-idp`;
  const applicants = new LocalIdentityProvider({
    table: IDENTITY_TABLE,
    issuer,
    clientId: cfg.userPoolClientId,
    key,
    outbox,
    origin: url,
    accessTokenTtlSeconds: cfg.accessTokenTtlSeconds,
  });
  registerLocalIdentity({ issuer, jwks: key.jwks, provider: applicants });
  const staff = registerLocalStaff({ table: IDENTITY_TABLE, issuer, key, outbox, origin: url, cfg });
  // The machine clients' tokens are signed by the same provider (its token endpoint: local/identity/machine-tokens.ts).
  trustLocalMachineTokens({ issuer, jwks: key.jwks });
  const mailRetries = options.mailRetryDelaysMs ?? LOCAL_RETRY_DELAYS_MS;
  // Each route's calls are checked against its row's grants, as IAM checks its Lambda's role.
  enforceRouteGrants([IDENTITY_TABLE], (route, why) => process.stderr.write(`local IAM refused a call of ${route}: ${why}\n`));
  // What stands in for AWS in this process's functions (the event runtime's process installs its own);
  // those that stand in for another function run with none of the calling route's grants.
  installStandIns({
    // The product's own e-mails land in the dev outbox.
    mailer: options.mailer ?? ((mail) => Promise.resolve(`local-${outbox.send(mail).sentAt}`)),
    // The confirmation job is light (two reads, a claim, one outbox entry) and the outbox lives in
    // this process, so it runs here, after submit has answered, with the retries Lambda gives an
    // asynchronous invoke.
    startConfirmationMail: outsideRoutes((sub) => {
      withRetries(async () => sendConfirmationMail(await confirmationPorts(), sub), mailRetries).catch((error: unknown) =>
        log.error('confirmation e-mail failed after retries', { sub, error }),
      );
      return Promise.resolve();
    }),
    publishEvent: (event) => appendEvent(eventsFile(dataDir), event),
    // The retention sweep lists the accounts from the same provider (Cognito's ListUsers in AWS).
    applicantDirectory: applicants,
    // The office's erasure and an applicant's closing wait while the retention function deletes the
    // identity (a synchronous invoke in AWS): here the same handler, in this process, on the same provider.
    eraseIdentity: outsideRoutes(async (sub, cause) => {
      await retentionFunction({ erase: sub, cause });
    }),
    lookupSource: sampleBackedSource,
  });

  const functions = await options.functions?.({
    url,
    dataDir,
    dynamodbEndpoint: servers.dynamodbEndpoint,
    s3Endpoint: servers.s3Endpoint,
    config: cfg,
    outbox,
  });
  const eventsConfig = { ...cfg, dynamodbEndpoint: endpoints.events.dynamodb, s3Endpoint: endpoints.events.s3 };
  const events = wireEvents({ ...options, runJob: functions?.runJob.bind(functions) }, eventsConfig, servers, dataDir);

  // Mailings to applicants: their queue and sender in this process, where the outbox is (with bundled functions too: the staff routes that queue them are refused there).
  const mailings = startMailingQueue(new DeadLetters(dataDir, options.quiet), (error) => process.stderr.write(`mailing sender failed: ${String(error)}\n`));
  const metrics = new StackMetrics();
  timeDynamoCalls(({ command, totalMs, wireMs }) => {
    metrics.record(`(DynamoDB ${command}, whole call)`, totalMs);
    metrics.record(`(DynamoDB ${command}, on the wire)`, wireMs);
  });
  const pools = { staffPoolId: cfg.staffUserPoolId, staff, applicants };
  http.on(
    'request',
    createRouter({
      url,
      webDir,
      dataDir,
      quiet: options.quiet,
      metrics,
      outbox,
      staff,
      pools,
      jwks: key.jwks,
      machineTokens: { issuer, key },
      invoke: functions?.invoke,
      sweepRetention: functions?.sweepRetention,
      sweepOffers: functions?.sweepOffers,
      mailings,
    }),
  );

  if (options.preloadHandlers !== false && !functions) {
    void preloadHandlers().then((failed) => {
      for (const f of failed) process.stderr.write(`handler failed to load: ${f}\n`);
    });
  }

  const sweep = scheduleDailySweep((error) => process.stderr.write(`recommendations sweep failed: ${String(error)}\n`));
  const releases = startReleaseSchedule((error) => process.stderr.write(`scheduled release failed: ${String(error)}\n`));
  // With the bundled functions, their own sweep: their accounts live in cognito-local, while the
  // in-process sweep asks the local identity provider, which holds none of them, and took every
  // account with data for data without an identity (it erased them ten seconds after the start).
  const retention = scheduleDailyRetention((error) => process.stderr.write(`retention sweep failed: ${String(error)}\n`), functions?.sweepRetention);
  const offers = scheduleDailyOfferSweep((error) => process.stderr.write(`offers sweep failed: ${String(error)}\n`), functions?.sweepOffers);
  const reminders = scheduleDailyReminders((error) => process.stderr.write(`reminders sweep failed: ${String(error)}\n`));

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
      sweep.stop();
      releases.stop();
      mailings.stop();
      retention.stop();
      offers.stop();
      reminders.stop();
      await events.stop();
      await functions?.stop();
      await outbox.flush();
      await servers.close();
      removeStackNote(dataDir);
    },
  };
}

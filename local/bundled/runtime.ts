/**
 * The synthesized functions as the local stack's compute (npm run start:bundled): each bundle
 * from cdk.out runs in a worker thread of its own with the environment the template gives it,
 * where every CloudFormation reference (a table, a bucket, the user pool, the site's origin) is
 * replaced by its local counterpart. What the deployed functions reach in AWS is reached here
 * through the SDK's endpoint variables, without a line of local code in the bundles:
 * - DynamoDB and S3: dynalite and s3rver (DYNAMODB_ENDPOINT, S3_ENDPOINT, as for npm start);
 * - Cognito: cognito-local (AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER), which calls the
 *   custom-message trigger bundle as Cognito does;
 * - Lambda: a small Invoke API here (AWS_ENDPOINT_URL_LAMBDA), through which submit and the PDF
 *   route start the renderer bundle asynchronously, as they invoke the render function in AWS.
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync, cpSync, existsSync, mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ExpiryResult } from '#domain/cycles/expiry';
import type { RetentionResult } from '#domain/retention/sweep';
import type { Config } from '#lambdas/config';
import type { RouteInvoker } from '../api-gateway';
import { lastCognitoCode, startCognitoLocal, type CognitoLocal } from '../cognito-local';
import type { EventJob } from '../event-runtime';
import { htmlMailParts, type Outbox } from '../outbox';
import { LOCAL_RETRY_DELAYS_MS, withRetries } from '../retries';
import type { FunctionRuntime } from '../stack';
import { eventsFile } from '../staff-dev';
import type { Synthesized, SynthesizedFunction, TemplateValue } from './assets';

const WORKER = join(import.meta.dirname, 'lambda-worker.mjs');

export interface BundledStackContext {
  url: string;
  dataDir: string;
  dynamodbEndpoint: string;
  s3Endpoint: string;
  config: Config;
  /** The dev outbox (/_dev/mail), where the mails Cognito would send are shown. */
  outbox: Outbox;
}

/** A function's worker: started on its first invocation (a cold start), then kept warm. */
class FunctionWorker {
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;
  private next = 0;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  /** Module initialisation of the cold start, ms (undefined until started). */
  initMs: number | undefined;

  constructor(
    readonly fn: SynthesizedFunction,
    private readonly env: Record<string, string>,
  ) {}

  private start(): Promise<void> {
    this.ready ??= new Promise<void>((resolve, reject) => {
      const worker = new Worker(WORKER, {
        env: this.env,
        workerData: {
          file: this.fn.file,
          exportName: this.fn.exportName,
          functionName: this.fn.name,
          memoryMb: this.fn.memoryMb,
          timeoutMs: this.fn.timeoutSeconds * 1000,
        },
      });
      this.worker = worker;
      worker.on('message', (m: { type?: 'ready'; initMs?: number; error?: string; id?: number; ok?: boolean; result?: unknown }) => {
        if (m.type === 'ready') {
          this.initMs = m.initMs;
          if (m.error) process.stderr.write(`${this.fn.name}: the bundle failed to load: ${m.error}\n`);
          resolve();
          return;
        }
        const waiter = this.pending.get(m.id!);
        if (!waiter) return;
        this.pending.delete(m.id!);
        if (m.ok) waiter.resolve(m.result);
        else {
          const e = m.error as unknown as { name: string; message: string; stack?: string };
          waiter.reject(Object.assign(new Error(e.message), { name: e.name, stack: e.stack }));
        }
      });
      worker.on('error', (error) => {
        reject(error);
        for (const w of this.pending.values()) w.reject(error);
        this.pending.clear();
        this.ready = undefined;
      });
    });
    return this.ready;
  }

  async invoke(event: unknown): Promise<unknown> {
    await this.start();
    return new Promise((resolve, reject) => {
      const id = this.next++;
      this.pending.set(id, { resolve, reject });
      this.worker!.postMessage({ id, event });
    });
  }

  async stop(): Promise<void> {
    await this.worker?.terminate();
  }
}

/** Names the local Invoke API answers to (RENDER_FUNCTION_NAME, cognito-local's trigger, the publisher, the mail job). */
const RENDER_FUNCTION = 'renderPdf';
const CUSTOM_MESSAGE_FUNCTION = 'customMessage';
const EVENTS_FUNCTION = 'publishEvent';
const CONFIRMATION_FUNCTION = 'sendConfirmation';
/** The retention sweep's function, which the office's erasure invokes (RequestResponse) to delete an identity. */
const RETENTION_FUNCTION = 'sweepRetention';
const LOCAL_EVENT_BUS = 'local-bus';

/** Where the local AWS endpoint puts what EventBridge and SES would have received. */
interface Sinks {
  eventsFile: string;
  outbox: Outbox;
}

function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  return new Promise((ok, fail) => {
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => ok(Buffer.concat(chunks).toString('utf8')));
    req.on('error', fail);
  });
}

/**
 * EventBridge's PutEvents (JSON 1.1, `X-Amz-Target: AWSEvents.PutEvents`): each entry is
 * appended to the events file /_dev/events lists, in the shape a rule's target would receive.
 */
function putEvents(body: string, sinks: Sinks, res: ServerResponse): void {
  const { Entries = [] } = JSON.parse(body || '{}') as { Entries?: Array<{ Source?: string; DetailType?: string; Detail?: string }> };
  const ids = Entries.map((entry) => {
    const id = randomUUID();
    const event = {
      id,
      time: new Date().toISOString(),
      source: entry.Source,
      'detail-type': entry.DetailType,
      detail: JSON.parse(entry.Detail ?? '{}') as unknown,
    };
    appendFileSync(sinks.eventsFile, `${JSON.stringify(event)}\n`);
    return { EventId: id };
  });
  res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify({ FailedEntryCount: 0, Entries: ids }));
}

/** What AWS answers a body it cannot read; the stack itself must not fall over on it. */
function badRequest(res: ServerResponse): void {
  if (!res.headersSent) res.writeHead(400, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ message: 'The request body could not be read.' }));
}

/** SES v2's SendEmail (`POST /v2/email/outbound-emails`): the message lands in the dev outbox. */
function sendEmail(body: string, sinks: Sinks, res: ServerResponse): void {
  const input = JSON.parse(body || '{}') as {
    Destination?: { ToAddresses?: string[] };
    Content?: { Simple?: { Subject?: { Data?: string }; Body?: { Text?: { Data?: string } } } };
  };
  const simple = input.Content?.Simple;
  const text = simple?.Body?.Text?.Data ?? '';
  const link = /https?:\/\/\S+/.exec(text)?.[0];
  for (const to of input.Destination?.ToAddresses ?? []) sinks.outbox.send({ to, subject: simple?.Subject?.Data ?? '', text, ...(link ? { link } : {}) });
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ MessageId: `local-${randomUUID()}` }));
}

/**
 * A function's variables from the template, with each CloudFormation expression replaced by
 * the local value of the same variable. A variable with no local value stops the start, so a
 * new binding in lib/ cannot go unnoticed here.
 */
export function resolveEnvironment(fn: SynthesizedFunction, local: Record<string, string>): Record<string, string> {
  const resolved: Record<string, string> = {};
  for (const [key, value] of Object.entries<TemplateValue>(fn.environment)) {
    // Process-wide in a worker thread; the bundles' source maps are not needed here.
    if (key === 'NODE_OPTIONS') continue;
    // There is no Amazon Location locally: the address category stays off, as under npm start.
    if (key === 'LOOKUP_PLACE_INDEX') continue;
    if (typeof value === 'string') resolved[key] = value;
    else if (key in local) resolved[key] = local[key]!;
    else throw new Error(`${fn.path}: no local value for ${key} (${JSON.stringify(value)}); add one in local/bundled/runtime.ts`);
  }
  return resolved;
}

/** Told of each synchronous invocation as it arrives; what it returns is called with the result. */
type Observer = (name: string, event: unknown) => ((result: unknown) => void) | undefined;

/** Lambda's Invoke API, the two invocation types the stack uses: Event (202, run later) and RequestResponse. */
function startInvokeApi(find: (name: string) => FunctionWorker | undefined, observe: Observer, sinks: Sinks): Promise<Server> {
  const server = createServer((req, res) => {
    // The same local endpoint stands in for EventBridge and SES (AWS_ENDPOINT_URL_EVENTBRIDGE, _SESV2).
    if (req.method === 'POST' && req.headers['x-amz-target'] === 'AWSEvents.PutEvents') {
      void readBody(req)
        .then((body) => putEvents(body, sinks, res))
        .catch(() => badRequest(res));
      return;
    }
    if (req.method === 'POST' && req.url?.startsWith('/v2/email/outbound-emails')) {
      void readBody(req)
        .then((body) => sendEmail(body, sinks, res))
        .catch(() => badRequest(res));
      return;
    }
    const m = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(new URL(req.url ?? '/', 'http://x').pathname);
    const target = m ? find(decodeURIComponent(m[1]!).split(':').at(-1)!) : undefined;
    if (req.method !== 'POST' || !target) {
      res
        .writeHead(404, { 'content-type': 'application/json', 'x-amzn-errortype': 'ResourceNotFoundException' })
        .end(JSON.stringify({ message: 'Function not found' }));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as unknown;
      if (req.headers['x-amz-invocation-type'] === 'Event') {
        res.writeHead(202).end();
        // Lambda retries a failed asynchronous invocation twice (lib/renderer.ts sets the same).
        void withRetries(() => target.invoke(event), LOCAL_RETRY_DELAYS_MS).catch((error: unknown) =>
          process.stderr.write(`${target.fn.name} failed: ${String(error)}\n`),
        );
        return;
      }
      const done = observe(target.fn.name, event);
      target.invoke(event).then(
        (result) => {
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result ?? null));
          done?.(result);
        },
        (error: Error) =>
          res
            .writeHead(200, { 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' })
            .end(JSON.stringify({ errorType: error.name, errorMessage: error.message })),
      );
    });
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

/** Fonts the bundling hook copied next to the renderer go where its fontconfig looks locally (/tmp/fonts). */
function installCopiedFonts(fn: SynthesizedFunction): void {
  const fonts = join(fn.dir, 'fonts');
  if (!existsSync(fonts)) return;
  const target = join(tmpdir(), 'fonts', 'bundled');
  mkdirSync(target, { recursive: true });
  cpSync(fonts, target, { recursive: true });
}

interface CustomMessageResult {
  request?: { userAttributes?: Record<string, string> };
  response?: { emailSubject?: string | null; emailMessage?: string | null };
}

/**
 * The mail cognito-local would send, put in the dev outbox as the local identity provider does:
 * the custom-message bundle's subject and text, with the code cognito-local stores on the user
 * once the trigger has answered (it sends no mail itself). Resolves once the mail is in the outbox.
 */
async function forwardToOutbox(cognitoDir: string, outbox: Outbox, result: CustomMessageResult, previous: string | undefined): Promise<void> {
  const to = result.request?.userAttributes?.email;
  if (!to) return;
  // Empty: the function leaves this message to the user pool's own template (lib/auth.ts).
  const html = result.response?.emailMessage || "Your confirmation code is {####}. (The user pool's own message.)";
  const subject = result.response?.emailSubject || 'Your confirmation code';
  const started = Date.now();
  let code = lastCognitoCode(cognitoDir, to);
  // ForgotPassword stores its code only after the trigger has answered, SignUp before.
  while ((!code || code === previous) && Date.now() - started < 5000) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    code = lastCognitoCode(cognitoDir, to);
  }
  outbox.send({ to, subject, ...htmlMailParts(code ? html.replaceAll('{####}', code) : html), ...(code ? { code } : {}) });
}

/**
 * The mails the custom-message trigger answered for and that are not in the outbox yet. A route
 * whose Cognito call invoked the trigger answers only once they are there: Cognito sends the
 * mail within the call (as the local identity provider does under npm start), so whoever reads
 * the outbox after the answer (a person, a test, the journey of npm start) finds it. cognito-local
 * stores the code only after the trigger has answered, so without this the forgot-password answer
 * came before its mail, and the newest mail was still the sign-up's.
 */
class PendingMails {
  private readonly pending = new Set<Promise<void>>();

  add(mail: Promise<void>): void {
    const tracked: Promise<void> = mail
      .catch((error: unknown) => {
        process.stderr.write(`the custom-message mail was not forwarded: ${String(error)}\n`);
      })
      .finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  async settled(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}

export async function startBundledFunctions(
  synth: Synthesized,
  stack: BundledStackContext,
): Promise<FunctionRuntime & { cognito: CognitoLocal; coldStarts(): Record<string, number> }> {
  const workers = new Map<string, FunctionWorker>();
  const find = (name: string) => workers.get(name);
  const cognitoDir = join(stack.dataDir, 'cognito');
  const mails = new PendingMails();
  const invokeApi = await startInvokeApi(
    find,
    (name, event) => {
      if (name !== CUSTOM_MESSAGE_FUNCTION) return undefined;
      // The code stored now is the previous one: the mail carries the one that replaces it.
      const email = (event as CustomMessageResult).request?.userAttributes?.email;
      const previous = email ? lastCognitoCode(cognitoDir, email) : undefined;
      return (result) => mails.add(forwardToOutbox(cognitoDir, stack.outbox, result as CustomMessageResult, previous));
    },
    { eventsFile: eventsFile(stack.dataDir), outbox: stack.outbox },
  );
  const lambdaEndpoint = `http://127.0.0.1:${(invokeApi.address() as AddressInfo).port}`;
  const cognito = await startCognitoLocal(cognitoDir, { lambdaEndpoint, triggers: { CustomMessage: CUSTOM_MESSAGE_FUNCTION } });

  const c = stack.config;
  const local: Record<string, string> = {
    PUBLIC_ORIGIN: stack.url,
    ANSWERS_TABLE: c.answersTable,
    STATUS_TABLE: c.statusTable,
    TABS_TABLE: c.tabsTable,
    LOOKUP_TABLE: c.lookupTable,
    UPLOADS_BUCKET: c.uploadsBucket,
    DOCUMENTS_BUCKET: c.documentsBucket,
    USER_POOL_ID: cognito.userPoolId,
    USER_POOL_CLIENT_ID: cognito.clientId,
    RENDER_FUNCTION_NAME: RENDER_FUNCTION,
    EVENTS_FUNCTION_NAME: EVENTS_FUNCTION,
    CONFIRMATION_FUNCTION_NAME: CONFIRMATION_FUNCTION,
    RETENTION_FUNCTION_NAME: RETENTION_FUNCTION,
    EVENT_BUS_NAME: LOCAL_EVENT_BUS,
    AUDIT_TABLE: c.auditTable,
    EXPORTS_BUCKET: c.exportsBucket,
    // cognito-local has no TOTP set-up (AssociateSoftwareToken by session), so staff cannot sign in
    // here: the staff routes run, but against a client no token is issued for, so they refuse everyone.
    STAFF_USER_POOL_ID: cognito.userPoolId,
    STAFF_USER_POOL_CLIENT_ID: 'bundled-no-staff-sign-in',
    // The release routes are staff routes (refused here, as above): there is no scheduler to name.
    RELEASE_SCHEDULE_GROUP: 'bundled-no-scheduler',
    RELEASE_FUNCTION_ARN: '',
    RELEASE_SCHEDULER_ROLE_ARN: '',
    // The mailing routes are staff routes too (refused here): there is no queue to name.
    MAILING_QUEUE_URL: '',
    // cognito-local has no client-credentials grant and the SIS token endpoint of `npm start` is not
    // started here: the /sis/v1 routes run, but against a pool no token is issued for, so they refuse everyone.
    SIS_USER_POOL_ID: 'bundled-no-machine-tokens',
    SIS_TOKEN_ENDPOINT: `${c.publicOrigin}/oauth2/token`,
  };
  // What Lambda itself puts in every function's environment, and the local endpoints.
  const runtimeEnv = (fn: SynthesizedFunction): Record<string, string> => ({
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    LANG: 'en_US.UTF-8',
    LAMBDA_TASK_ROOT: fn.dir,
    AWS_LAMBDA_FUNCTION_NAME: fn.name,
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memoryMb),
    AWS_REGION: c.region,
    AWS_DEFAULT_REGION: c.region,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    DYNAMODB_ENDPOINT: stack.dynamodbEndpoint,
    S3_ENDPOINT: stack.s3Endpoint,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.endpoint,
    AWS_ENDPOINT_URL_LAMBDA: lambdaEndpoint,
    AWS_ENDPOINT_URL_EVENTBRIDGE: lambdaEndpoint,
    AWS_ENDPOINT_URL_SESV2: lambdaEndpoint,
  });
  const add = (name: string, fn: SynthesizedFunction) => workers.set(name, new FunctionWorker(fn, { ...runtimeEnv(fn), ...resolveEnvironment(fn, local) }));
  for (const [name, fn] of synth.routes) add(name, fn);
  add('convertUpload', synth.events.convertUpload);
  add(RENDER_FUNCTION, synth.events.renderPdf);
  add(CUSTOM_MESSAGE_FUNCTION, synth.events.customMessage);
  add(EVENTS_FUNCTION, synth.events.publishEvent);
  add(CONFIRMATION_FUNCTION, synth.events.sendConfirmation);
  add(RETENTION_FUNCTION, synth.events.sweepRetention);
  add('sweepOffers', synth.events.sweepOffers);
  installCopiedFonts(synth.events.renderPdf);

  const invoke: RouteInvoker = async (route, event) => {
    const worker = workers.get(route.name);
    if (!worker) throw new Error(`no synthesized function for route ${route.name}`);
    const result = (await worker.invoke(event)) as APIGatewayProxyStructuredResultV2;
    await mails.settled();
    return result;
  };
  return {
    cognito,
    invoke,
    sweepRetention: async (event) => (await workers.get(RETENTION_FUNCTION)!.invoke(event)) as RetentionResult,
    sweepOffers: async (event) => (await workers.get('sweepOffers')!.invoke(event)) as ExpiryResult,
    runJob: (job: EventJob) =>
      job.kind === 'convert'
        ? withRetries(() => workers.get('convertUpload')!.invoke(job.event), LOCAL_RETRY_DELAYS_MS)
        : workers.get(RENDER_FUNCTION)!.invoke(job.kind === 'letter' ? { kind: 'decision-letter', sub: job.sub } : { sub: job.sub }),
    coldStarts: () => Object.fromEntries([...workers].filter(([, w]) => w.initMs !== undefined).map(([name, w]) => [name, w.initMs!])),
    stop: async () => {
      await new Promise((ok) => invokeApi.close(ok));
      invokeApi.closeAllConnections();
      await Promise.all([...workers.values()].map((w) => w.stop()));
      await cognito.stop();
    },
  };
}

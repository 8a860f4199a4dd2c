/**
 * Configuration read from the environment once per process (cold start): endpoints, names, which
 * identity adapter. Nothing here says which environment runs the code: where the local stack
 * replaces an AWS service it installs a stand-in with the composition roots (lambdas/wiring/).
 *
 * The CDK stack sets the variables a route's grants imply (ENV_BY_RESOURCE in the route table), so a Lambda
 * is configured for exactly what it is allowed to touch. That table stays there: re-exported from
 * here it came into every Lambda's bundle with configuration, the whole route table with it.
 */

export interface Config {
  region: string;
  answersTable: string;
  statusTable: string;
  tabsTable: string;
  uploadsBucket: string;
  documentsBucket: string;
  lookupTable: string;
  identityProvider: 'cognito' | 'local';
  userPoolId: string;
  userPoolClientId: string;
  /** Local stack only: endpoints of dynalite and s3rver. Empty in AWS. */
  dynamodbEndpoint: string;
  s3Endpoint: string;
  /**
   * Where the Cognito API is served when it is not AWS's (an emulator: the bundled local stack,
   * the adapter's contract test). The SDK reads the same variable; tokens then name it as issuer.
   */
  cognitoEndpoint: string;
  /** The site origin (https://apply.example.edu): cookies' Secure flag, the renderer's allowed origin. */
  publicOrigin: string;
  renderFunctionName: string;
  /** The Lambda that sends the confirmation e-mail of a submission (invoked asynchronously). */
  confirmationFunctionName: string;
  /** The retention sweep's function: the office's erasure hands it the identity to delete. */
  retentionFunctionName: string;
  /** The SES sender identity of the product's own e-mails (empty: none configured). */
  mailFromAddress: string;
  /** The queue of a mailing's deliveries and its start (SQS; the local stack runs its own: local/mailing-queue.ts). */
  mailingQueueUrl: string;
  /** Where SQS is served when it is not AWS's. */
  sqsEndpoint: string;
  /** Access-token lifetime the local provider issues, seconds (Cognito's is set on the app client). */
  accessTokenTtlSeconds: number;
  /** The admissions office's user pool (MFA required) and its app client. */
  staffUserPoolId: string;
  staffUserPoolClientId: string;
  /** Append-only trail of staff reads and exports. */
  auditTable: string;
  /** Where submission events go (EventBridge); locally appended under the data directory. */
  eventBusName: string;
  /** The Lambda that puts submission events on the bus (invoked asynchronously). */
  eventsFunctionName: string;
  /** Private bucket the staff exports are streamed into (short-lived objects). */
  exportsBucket: string;
  /** An applicant session with no request for this long is over (the spec's 15 minutes). */
  sessionIdleTimeoutSeconds: number;
  /** A staff session with no request for this long is over. */
  staffSessionIdleTimeoutSeconds: number;
  /** However active, a session ends this long after its sign-in (applicants / staff). */
  sessionMaxLifetimeSeconds: number;
  staffSessionMaxLifetimeSeconds: number;
  /** Upload grants (form documents and supplemental materials together) per applicant per UTC day. */
  maxUploadsPerDay: number;
  /**
   * How long a signed download link lives, seconds. Short, because the app's download routes sign
   * a new one on every click; tests shorten it further to prove the page's links outlive it.
   */
  downloadUrlTtlSeconds: number;
  /**
   * Where the Lambda API is served when it is not AWS's (the bundled local stack's Invoke API):
   * the SDK's standard variables, which the asynchronous invokes honour as the Lambda client would.
   */
  lambdaEndpoint: string;
  /** Where SES v2 is served when it is not AWS's (the bundled local stack's stand-in): as the SES client would read it. */
  mailEndpoint: string;
  /** The EventBridge Scheduler group scheduled releases are created in, their target (the release Lambda) and the role Scheduler invokes it with. */
  releaseScheduleGroup: string;
  releaseFunctionArn: string;
  releaseSchedulerRoleArn: string;
  /**
   * Moves the reply-by date of decisions (YYYY-MM-DD, the institution's clock) without a code
   * change: a deployment's late extension, or a test's past date. Empty: the institution's.
   */
  decisionReplyBy: string;
  /**
   * How long a Lambda keeps the office's words of Settings before reading them again, seconds: an
   * edit reaches applicants within it. At most 60 (the promise of Settings); tests set 0.
   */
  officeWordsCacheSeconds: number;
  /**
   * The student information system's machine clients: the pool whose tokens they carry (its
   * resource server holds the API's scopes), how long a Lambda keeps a client's record before
   * reading it again (a revocation takes effect within it: at most 60, tests set less) and how
   * many requests a client may make a minute.
   */
  sisUserPoolId: string;
  /** Where the clients ask for tokens (the machine pool's domain in AWS; this site's /oauth2/token locally), as the console shows it. */
  sisTokenEndpoint: string;
  sisClientCacheSeconds: number;
  sisRequestsPerMinute: number;
}

/** A positive number from the environment, or the fallback (unset, empty, zero or not a number). */
function positive(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

/** 0 to 60 seconds: unset or not a number is 60, more is 60. */
function cacheSeconds(raw: string | undefined): number {
  const n = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
  return Number.isFinite(n) && n >= 0 ? Math.min(n, 60) : 60;
}

function read(env: NodeJS.ProcessEnv): Config {
  const get = (k: string, fallback = '') => env[k] ?? fallback;
  return {
    region: get('AWS_REGION', 'us-east-1'),
    answersTable: get('ANSWERS_TABLE', 'answers'),
    statusTable: get('STATUS_TABLE', 'status'),
    tabsTable: get('TABS_TABLE', 'tabs'),
    uploadsBucket: get('UPLOADS_BUCKET', 'uploads'),
    documentsBucket: get('DOCUMENTS_BUCKET', 'documents'),
    lookupTable: get('LOOKUP_TABLE', 'lookup'),
    identityProvider: get('IDENTITY_PROVIDER', 'local') === 'cognito' ? 'cognito' : 'local',
    userPoolId: get('USER_POOL_ID', 'local_pool'),
    userPoolClientId: get('USER_POOL_CLIENT_ID', 'localclient'),
    dynamodbEndpoint: get('DYNAMODB_ENDPOINT'),
    s3Endpoint: get('S3_ENDPOINT'),
    cognitoEndpoint: get('AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER'),
    publicOrigin: get('PUBLIC_ORIGIN', 'http://localhost:3000'),
    renderFunctionName: get('RENDER_FUNCTION_NAME'),
    confirmationFunctionName: get('CONFIRMATION_FUNCTION_NAME'),
    retentionFunctionName: get('RETENTION_FUNCTION_NAME'),
    mailFromAddress: get('MAIL_FROM_ADDRESS'),
    mailingQueueUrl: get('MAILING_QUEUE_URL'),
    sqsEndpoint: get('AWS_ENDPOINT_URL_SQS', get('AWS_ENDPOINT_URL')),
    accessTokenTtlSeconds: Number(get('ACCESS_TOKEN_TTL_SECONDS', '900')) || 900,
    staffUserPoolId: get('STAFF_USER_POOL_ID', 'local_staff_pool'),
    staffUserPoolClientId: get('STAFF_USER_POOL_CLIENT_ID', 'localstaffclient'),
    auditTable: get('AUDIT_TABLE', 'audit'),
    eventBusName: get('EVENT_BUS_NAME', 'submissions'),
    eventsFunctionName: get('EVENTS_FUNCTION_NAME'),
    exportsBucket: get('EXPORTS_BUCKET', 'exports'),
    sessionIdleTimeoutSeconds: positive(env.SESSION_IDLE_TIMEOUT_SECONDS, 900),
    staffSessionIdleTimeoutSeconds: positive(env.STAFF_SESSION_IDLE_TIMEOUT_SECONDS, 900),
    sessionMaxLifetimeSeconds: positive(env.SESSION_MAX_LIFETIME_SECONDS, 12 * 60 * 60),
    staffSessionMaxLifetimeSeconds: positive(env.STAFF_SESSION_MAX_LIFETIME_SECONDS, 12 * 60 * 60),
    maxUploadsPerDay: positive(env.MAX_UPLOADS_PER_DAY, 50),
    downloadUrlTtlSeconds: positive(env.DOWNLOAD_URL_TTL_SECONDS, 300),
    lambdaEndpoint: get('AWS_ENDPOINT_URL_LAMBDA', get('AWS_ENDPOINT_URL')),
    mailEndpoint: get('AWS_ENDPOINT_URL_SESV2', get('AWS_ENDPOINT_URL')),
    releaseScheduleGroup: get('RELEASE_SCHEDULE_GROUP'),
    releaseFunctionArn: get('RELEASE_FUNCTION_ARN'),
    releaseSchedulerRoleArn: get('RELEASE_SCHEDULER_ROLE_ARN'),
    decisionReplyBy: get('DECISION_REPLY_BY'),
    officeWordsCacheSeconds: cacheSeconds(env.OFFICE_WORDS_CACHE_SECONDS),
    sisUserPoolId: get('SIS_USER_POOL_ID', 'local_sis_pool'),
    sisTokenEndpoint: get('SIS_TOKEN_ENDPOINT') || `${get('PUBLIC_ORIGIN', 'http://localhost:3000')}/oauth2/token`,
    sisClientCacheSeconds: cacheSeconds(env.SIS_CLIENT_CACHE_SECONDS),
    sisRequestsPerMinute: positive(env.SIS_REQUESTS_PER_MINUTE, 120),
  };
}

/** The session limits of a pool (domain/session-activity.ts's SessionLimits). */
export function sessionLimits(pool: 'applicant' | 'staff'): { idleSeconds: number; lifetimeSeconds: number } {
  const c = config();
  return pool === 'applicant'
    ? { idleSeconds: c.sessionIdleTimeoutSeconds, lifetimeSeconds: c.sessionMaxLifetimeSeconds }
    : { idleSeconds: c.staffSessionIdleTimeoutSeconds, lifetimeSeconds: c.staffSessionMaxLifetimeSeconds };
}

let current: Config | undefined;

/** The process configuration; read lazily so the local stack can set the environment first. */
export function config(): Config {
  current ??= read(process.env);
  return current;
}

/** Local stack and tests: replace the configuration (and forget cached clients that read it). */
export function setConfig(overrides: Partial<Config>): Config {
  current = { ...read(process.env), ...overrides };
  for (const listener of listeners) listener();
  return current;
}

const listeners: Array<() => void> = [];
/** Adapters register here to drop their cached clients when configuration changes. */
export function onConfigChange(listener: () => void): void {
  listeners.push(listener);
}

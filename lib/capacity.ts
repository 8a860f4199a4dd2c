/**
 * The stack's limits, derived from the deadline-day model in docs/capacity.md so that an
 * institution changes the model's inputs (CDK context, see settings.ts) rather than guessing
 * numbers. The model's measured constants come from `npm run bench -- capacity`.
 */
import type { RouteName } from '#lambdas/routes';

/** API requests an applicant makes in the sitting that ends with submit (measured journey: 35). */
export const REQUESTS_PER_SUBMITTING_SITTING = 35;
/** Traffic of applicants who are not submitting yet, on top of those who are (deadline-day estimate). */
export const OTHER_TRAFFIC_FACTOR = 1.5;
/** Seconds a warm render takes in Lambda at 2048 MB (upper estimate; local warm renders take under 1 s). */
export const RENDER_SECONDS = 3;
/** Seconds a conversion takes in Lambda at 2048 MB (the model's figure; the measured journey's two took 1.2 s and 0.2 s). */
export const CONVERSION_SECONDS = 2;
/** Cognito's quota for UserCreation operations (SignUp, AdminCreateUser; confirmations and resends counted against it too, to be safe). */
export const COGNITO_USER_CREATION_RPS = 50;
/** Cognito's quota for UserAuthentication operations (InitiateAuth, including refreshes). */
export const COGNITO_USER_AUTHENTICATION_RPS = 120;
/** Cognito's quota for UserAccountRecovery operations (ForgotPassword, ConfirmForgotPassword). */
export const COGNITO_ACCOUNT_RECOVERY_RPS = 30;
/** Lambda keeps this much of the account's concurrency unreserved, whatever is reserved. */
export const LAMBDA_MIN_UNRESERVED = 100;

export interface CapacityInputs {
  /** Submissions per second in the busiest minute (Common App's recorded peak: 17.4). */
  peakSubmissionsPerSecond: number;
  /** The SES account's sending rate, mails per second (14 when production access is first granted). */
  sesSendRate: number;
  /** The account's Lambda concurrency quota in the region (1,000 by default; new accounts may have less). */
  accountConcurrency: number;
}

export interface RouteLimit {
  rateLimit: number;
  burstLimit: number;
}

export interface Limits {
  /** Stage-wide throttle of the HTTP API. */
  stage: RouteLimit;
  /** Tighter throttles on the routes that call a rate-limited service, by route name. */
  routes: Partial<Record<RouteName, RouteLimit>>;
  /** What the model would reserve for the renderer (reserved only when asked: rendererReservation). */
  rendererReservedConcurrency: number;
  /** What the model would reserve for the document converter, which also converts recommenders' letters (converterReservation). */
  converterReservedConcurrency: number;
  /** Account concurrency at which the alarm fires (80% of the quota). */
  concurrencyAlarmAt: number;
}

const up = (value: number, step: number) => Math.ceil(value / step) * step;
const limit = (rate: number): RouteLimit => ({ rateLimit: Math.max(1, Math.floor(rate)), burstLimit: Math.max(1, Math.floor(rate * 2)) });

export function deriveLimits(inputs: CapacityInputs): Limits {
  const { peakSubmissionsPerSecond: peak, sesSendRate: ses, accountConcurrency } = inputs;
  // Little's law: each submitting applicant's sitting brings its requests; others browse meanwhile.
  const stageRate = up(peak * REQUESTS_PER_SUBMITTING_SITTING * OTHER_TRAFFIC_FACTOR, 100);
  // The routes that send mail share the SES rate, so Cognito never fails to deliver a code.
  const signup = ses * 0.7;
  const resend = ses * 0.15;
  const forgot = ses * 0.15;
  const renderers = Math.ceil(peak * RENDER_SECONDS * 2);
  // Each submitting applicant's last sitting converts about one upload; twice that leaves room for a burst.
  const converters = Math.ceil(peak * CONVERSION_SECONDS * 2);
  return {
    stage: { rateLimit: stageRate, burstLimit: stageRate * 2 },
    routes: {
      signUp: limit(Math.min(signup, COGNITO_USER_CREATION_RPS * 0.4)),
      resendConfirmation: limit(Math.min(resend, COGNITO_USER_CREATION_RPS * 0.1)),
      // Confirmations send no mail; they share Cognito's creation quota with sign-ups and staff accounts.
      confirmSignUp: limit(COGNITO_USER_CREATION_RPS * 0.4),
      forgotPassword: limit(Math.min(forgot, COGNITO_ACCOUNT_RECOVERY_RPS * 0.5)),
      resetPassword: limit(COGNITO_ACCOUNT_RECOVERY_RPS * 0.5),
      // The rest of the authentication quota is left to refreshes, which any applicant route may make.
      logIn: limit(COGNITO_USER_AUTHENTICATION_RPS * 0.6),
    },
    rendererReservedConcurrency: renderers,
    converterReservedConcurrency: converters,
    concurrencyAlarmAt: Math.floor(accountConcurrency * 0.8),
  };
}

/** A reservation below this would make renders (or conversions) queue even on an ordinary day. */
export const RENDERER_RESERVATION_FLOOR = 10;

/** How an engineer reads the account's concurrency quota (docs/deploy.md, prerequisites). */
export const CHECK_CONCURRENCY =
  '`aws lambda get-account-settings --query AccountLimit.ConcurrentExecutions` (or `aws service-quotas get-service-quota --service-code lambda --quota-code L-B99A9384`)';

export interface Reservation {
  /** Executions reserved for the function; undefined: none (it shares the account's pool). */
  reserved?: number;
  /** What synth says about it: what the account needs and how to check. */
  message: string;
}

export type ReservationChoice = 'off' | 'auto' | number;

/** The function a reservation is for, as synth names it, and the context key that asks for it. */
interface Reserved {
  what: string;
  context: 'rendererReservedConcurrency' | 'converterReservedConcurrency';
  modelled: number;
}

/**
 * A function's reserved concurrency, opt-in: a new account's quota may be 10, and a reservation
 * the account cannot give fails the deploy (Lambda keeps 100 unreserved). Reserving needs the
 * quota given as context, so the check compares with a number someone read; `othersReserved` is
 * what the stack reserves already (the renderer's, for the converter).
 */
function reservation(fn: Reserved, choice: ReservationChoice, inputs: CapacityInputs, accountGiven: boolean, othersReserved: number): Reservation {
  const { what, context, modelled } = fn;
  if (choice === 'off') {
    return {
      message:
        `${what} has no reserved concurrency (the default). To reserve ${modelled} executions for it (the deadline-day model, docs/capacity.md), ` +
        `the account needs a Lambda concurrency quota of at least ${modelled + othersReserved + LAMBDA_MIN_UNRESERVED}: check it with ${CHECK_CONCURRENCY}, ` +
        `then deploy with -c ${context}=auto -c accountConcurrency=<that quota>.`,
    };
  }
  if (!accountGiven) {
    throw new Error(`context ${context} needs the account's Lambda concurrency quota as -c accountConcurrency=<quota>: read it with ${CHECK_CONCURRENCY}`);
  }
  const reserved = choice === 'auto' ? modelled : choice;
  if (reserved < RENDERER_RESERVATION_FLOOR) {
    throw new Error(`context ${context} must be at least ${RENDERER_RESERVATION_FLOOR} (or off): fewer makes its work queue on an ordinary day`);
  }
  const { accountConcurrency } = inputs;
  if (reserved + othersReserved > accountConcurrency - LAMBDA_MIN_UNRESERVED) {
    const beside = othersReserved > 0 ? ` (beside the ${othersReserved} reserved for the renderer)` : '';
    throw new Error(
      `${what.charAt(0).toLowerCase()}${what.slice(1)} would reserve ${reserved}${beside} of the account's ${accountConcurrency} concurrent executions, and Lambda keeps ${LAMBDA_MIN_UNRESERVED} unreserved: ` +
        `ask for a higher quota (Service Quotas, "Concurrent executions"), lower peakSubmissionsPerSecond, or deploy with -c ${context}=off`,
    );
  }
  return {
    reserved,
    message: `${what} reserves ${reserved} of the account's ${accountConcurrency} concurrent executions (context accountConcurrency; check with ${CHECK_CONCURRENCY}).`,
  };
}

/** The renderer's reserved concurrency: renders queue (in Lambda's asynchronous queue) rather than take what the API needs. */
export function rendererReservation(choice: ReservationChoice, inputs: CapacityInputs, accountGiven: boolean, limits: Limits): Reservation {
  const modelled = Math.max(RENDERER_RESERVATION_FLOOR, limits.rendererReservedConcurrency);
  return reservation({ what: 'The PDF renderer', context: 'rendererReservedConcurrency', modelled }, choice, inputs, accountGiven, 0);
}

/**
 * The converter's reserved concurrency, which is also its ceiling: however many uploads arrive
 * (recommenders' letters included), conversions beyond it wait in Lambda's asynchronous queue,
 * so a flood cannot take the concurrency the API and the renders need.
 */
export function converterReservation(
  choice: ReservationChoice,
  inputs: CapacityInputs,
  accountGiven: boolean,
  limits: Limits,
  rendererReserved = 0,
): Reservation {
  const modelled = Math.max(RENDERER_RESERVATION_FLOOR, limits.converterReservedConcurrency);
  return reservation({ what: 'The document converter', context: 'converterReservedConcurrency', modelled }, choice, inputs, accountGiven, rendererReserved);
}

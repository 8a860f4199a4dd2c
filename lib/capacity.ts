/**
 * The stack's limits, derived from the deadline-day model in docs/capacity.md so that an
 * institution changes the model's inputs (CDK context, see settings.ts) rather than guessing
 * numbers. The model's measured constants come from `npm run bench -- capacity`.
 */
import type { RouteName } from '../lambdas/routes';

/** API requests an applicant makes in the sitting that ends with submit (measured journey: 35). */
export const REQUESTS_PER_SUBMITTING_SITTING = 35;
/** Traffic of applicants who are not submitting yet, on top of those who are (deadline-day estimate). */
export const OTHER_TRAFFIC_FACTOR = 1.5;
/** Seconds a warm render takes in Lambda at 2048 MB (upper estimate; local warm renders take under 1 s). */
export const RENDER_SECONDS = 3;
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
  rendererReservedConcurrency: number;
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
  if (renderers > accountConcurrency - LAMBDA_MIN_UNRESERVED) {
    throw new Error(
      `the renderer would reserve ${renderers} of the account's ${accountConcurrency} concurrent executions (Lambda keeps ${LAMBDA_MIN_UNRESERVED} unreserved): raise the account's quota (context accountConcurrency) or lower peakSubmissionsPerSecond`,
    );
  }
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
    concurrencyAlarmAt: Math.floor(accountConcurrency * 0.8),
  };
}

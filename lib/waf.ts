/**
 * Per-client rate limits at the edge: a CLOUDFRONT-scope WAF web ACL on the distribution, with
 * rate-based rules keyed by the viewer's address (WAF at CloudFront sees the client itself, not
 * a forwarded header). The API's own throttles (lib/capacity.ts) are per API, so one client
 * could use them all; these rules stop one address first.
 *
 * - `/lookup/*`: address suggestions are billed per request by Amazon Location.
 * - sign-up, sign-in, codes and resets (applicant and staff): credential stuffing, sign-up
 *   floods and code guessing (Cognito sees the Lambda, not the client, as the caller).
 * - every other `/public/*` path.
 *
 * Limits count requests per address in a 5-minute window and are set for a school lab behind
 * one address (thirty applicants signing up and typing a school's name at once stay under
 * them). A limited client gets a 429 with a JSON message, like the API's own.
 *
 * A CLOUDFRONT-scope web ACL can only be created in us-east-1 (lib/stack.ts decides where, and
 * the context key `waf` turns it off).
 */
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { routes } from '#lambdas/routes';
import type { WafMode } from './settings';

/** Requests per client address per 5 minutes, by rule. */
export const RATE_LIMITS = { accounts: 300, lookup: 1000, public: 1000 } as const;
export const RATE_WINDOW_SECONDS = 300;

/** The account routes the accounts rule covers (their paths come from the route table). */
export const ACCOUNT_ROUTES = ['signUp', 'confirmSignUp', 'resendConfirmation', 'logIn', 'forgotPassword', 'resetPassword', 'staffLogIn'] as const;

export const RATE_LIMITED_MESSAGE = 'Too many requests from your network. Please wait a few minutes and try again.';

type Statement = wafv2.CfnWebACL.StatementProperty;

const path = (constraint: 'EXACTLY' | 'STARTS_WITH', value: string): Statement => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: constraint,
    searchString: value,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

const anyOf = (statements: Statement[]): Statement => (statements.length === 1 ? (statements[0] as Statement) : { orStatement: { statements } });

function accountPaths(): string[] {
  return ACCOUNT_ROUTES.map((name) => {
    const row = routes.find((r) => r.name === name);
    if (!row) throw new Error(`lib/waf.ts names route ${name}, which lambdas/routes.ts does not have`);
    return row.path;
  });
}

function rateRule(name: string, priority: number, limit: number, scope: Statement): wafv2.CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    action: { block: { customResponse: { responseCode: 429, customResponseBodyKey: 'rateLimited' } } },
    statement: { rateBasedStatement: { limit, evaluationWindowSec: RATE_WINDOW_SECONDS, aggregateKeyType: 'IP', scopeDownStatement: scope } },
    visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: name, sampledRequestsEnabled: true },
  };
}

export class EdgeFirewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: 'Per-client rate limits on the public API routes',
      defaultAction: { allow: {} },
      customResponseBodies: { rateLimited: { contentType: 'APPLICATION_JSON', content: JSON.stringify({ message: RATE_LIMITED_MESSAGE }) } },
      rules: [
        rateRule('Accounts', 0, RATE_LIMITS.accounts, anyOf(accountPaths().map((p) => path('EXACTLY', p)))),
        rateRule('Lookup', 1, RATE_LIMITS.lookup, path('STARTS_WITH', '/lookup/')),
        rateRule('Public', 2, RATE_LIMITS.public, path('STARTS_WITH', '/public/')),
      ],
      visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: 'AdmissionsEdge', sampledRequestsEnabled: true },
    });
  }
}

/** Where the web ACL comes from: the `webAclArn` given, one this stack creates, or none. */
export type WafPlacement = { kind: 'given'; arn: string } | { kind: 'create'; regionKnown: boolean } | { kind: 'off' };

/**
 * Decides the web ACL. A CLOUDFRONT web ACL exists only in us-east-1: a stack there creates its
 * own; a stack known to deploy elsewhere cannot, and synth stops naming the two ways out; a
 * stack whose region synth does not know creates one (and lib/stack.ts warns).
 */
export function wafPlacement(mode: WafMode, webAclArn: string | undefined, region: string | undefined): WafPlacement {
  if (webAclArn) return { kind: 'given', arn: webAclArn };
  if (mode === 'off') return { kind: 'off' };
  if (region !== undefined && region !== 'us-east-1') {
    throw new Error(
      `context waf=auto creates a CLOUDFRONT web ACL, which AWS allows only in us-east-1, and this stack deploys to ${region}: create the web ACL in us-east-1 and pass -c webAclArn=arn:aws:wafv2:us-east-1:…, or deploy without per-client limits with -c waf=off (docs/deploy.md)`,
    );
  }
  return { kind: 'create', regionKnown: region !== undefined };
}

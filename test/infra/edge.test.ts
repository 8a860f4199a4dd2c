/**
 * Nothing reaches the API around CloudFront, and the public routes are rate limited per client
 * at the edge: the origin secret CloudFront adds and the authorizer on every route that refuses
 * a request without it (lib/origin-verify.ts), and the CLOUDFRONT web ACL (lib/waf.ts).
 */
import { createRequire } from 'node:module';
import * as vm from 'node:vm';
import type { CfnResource } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { ORIGIN_VERIFY_CODE, ORIGIN_VERIFY_HEADER } from '#cdk/origin-verify';
import { RATE_LIMITS, RATE_LIMITED_MESSAGE, wafPlacement } from '#cdk/waf';
import { routes } from '#lambdas/routes';
import { synth } from './harness';
import { resource, resources, type Json } from './template';

const { stack, template } = synth();
const logicalId = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnResource);
const distribution = () => resource(template, logicalId(stack.site.distribution)).Properties.DistributionConfig;

/** The authorizer's inline code, run as Lambda would run it, with the secret it is configured with. */
function authorizer(secret: string): (event: Json) => Promise<{ isAuthorized: boolean }> {
  const module = { exports: {} as { handler?: (event: Json) => Promise<{ isAuthorized: boolean }> } };
  const context = vm.createContext({ module, exports: module.exports, require: createRequire(import.meta.url), process: { env: { ORIGIN_SECRET: secret } } });
  vm.runInContext(ORIGIN_VERIFY_CODE, context);
  return module.exports.handler as (event: Json) => Promise<{ isAuthorized: boolean }>;
}

describe('the API answers only CloudFront', () => {
  const authorizerId = logicalId(stack.api.originVerify.authorizer);

  it("puts the origin authorizer on every route but the machine API's (their token's authorizer and its public document: test/infra/sis.test.ts)", () => {
    const routeResources = resources(template, 'AWS::ApiGatewayV2::Route');
    expect(routeResources).toHaveLength(routes.length);
    const machineKeys = new Set(routes.filter((r) => r.path.startsWith('/sis/')).map((r) => `${r.method} ${r.path}`));
    const others = routeResources.filter(([, r]) => !machineKeys.has(r.Properties.RouteKey as string));
    expect(others).toHaveLength(routes.length - machineKeys.size);
    for (const [id, r] of others) {
      expect(r.Properties.AuthorizationType, id).toBe('CUSTOM');
      expect(r.Properties.AuthorizerId, id).toEqual({ Ref: authorizerId });
    }
  });

  it('authorizes by the secret header, cached per value, without running the route', () => {
    const a = resource(template, authorizerId).Properties;
    expect(a).toMatchObject({
      AuthorizerType: 'REQUEST',
      IdentitySource: [`$request.header.${ORIGIN_VERIFY_HEADER}`],
      EnableSimpleResponses: true,
      AuthorizerPayloadFormatVersion: '2.0',
      AuthorizerResultTtlInSeconds: 300,
    });
    expect(JSON.stringify(a.AuthorizerUri)).toContain(logicalId(stack.api.originVerify.fn));
  });

  it('has CloudFront send the secret to the API origin, the value the authorizer compares, from Secrets Manager', () => {
    const secretRef = { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: logicalId(stack.api.originVerify.secret) }, ':SecretString:::}}']] };
    const config = distribution();
    const apiOrigins = config.Origins.filter((o: Json) => o.CustomOriginConfig);
    expect(apiOrigins.length).toBeGreaterThan(0);
    for (const origin of apiOrigins) expect(origin.OriginCustomHeaders).toEqual([{ HeaderName: ORIGIN_VERIFY_HEADER, HeaderValue: secretRef }]);
    const fn = resource(template, logicalId(stack.api.originVerify.fn)).Properties;
    expect(fn.Environment.Variables).toEqual({ ORIGIN_SECRET: secretRef });
    expect(JSON.stringify(template.toJSON())).not.toMatch(/SecretString"?:\s*"[A-Za-z0-9]{48}"/);
  });

  it("refuses a request without the header or with a wrong one, and lets CloudFront's through", async () => {
    const handler = authorizer('s3cret-value-from-secrets-manager');
    expect(await handler({ headers: {} })).toEqual({ isAuthorized: false });
    expect(await handler({})).toEqual({ isAuthorized: false });
    expect(await handler({ headers: { [ORIGIN_VERIFY_HEADER]: '' } })).toEqual({ isAuthorized: false });
    expect(await handler({ headers: { [ORIGIN_VERIFY_HEADER]: 's3cret-value-from-secrets-manageR' } })).toEqual({ isAuthorized: false });
    expect(await handler({ headers: { [ORIGIN_VERIFY_HEADER]: 's3cret-value-from-secrets-manager' } })).toEqual({ isAuthorized: true });
  });

  it('lets only API Gateway invoke the authorizer, whose role may only write its logs', () => {
    const fnId = logicalId(stack.api.originVerify.fn);
    const permissions = resources(template, 'AWS::Lambda::Permission').filter(([, p]) => JSON.stringify(p.Properties.FunctionName).includes(fnId));
    expect(permissions.map(([, p]) => p.Properties.Principal)).toEqual(['apigateway.amazonaws.com']);
    expect(JSON.stringify(permissions[0]?.[1].Properties.SourceArn)).toContain('/authorizers/');
    const role = resource(template, fnId).Properties.Role['Fn::GetAtt'][0] as string;
    const actions = resources(template, 'AWS::IAM::Policy')
      .filter(([, p]) => p.Properties.Roles.some((r: Json) => r.Ref === role))
      .flatMap(([, p]) => p.Properties.PolicyDocument.Statement.flatMap((s: Json) => [s.Action].flat()));
    expect(actions.sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
  });
});

describe('per-client rate limits at the edge', () => {
  const acls = resources(template, 'AWS::WAFv2::WebACL');

  it('creates one CLOUDFRONT web ACL and attaches it to the distribution', () => {
    expect(acls).toHaveLength(1);
    const [[id, acl]] = acls as [[string, Json]];
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    expect(acl.Properties.DefaultAction).toEqual({ Allow: {} });
    expect(distribution().WebACLId).toEqual({ 'Fn::GetAtt': [id, 'Arn'] });
  });

  it('limits each address on sign-up and sign-in, /lookup/find and the rest of /public/*, answering 429 with a message', () => {
    const [[, acl]] = acls as [[string, Json]];
    const rules = acl.Properties.Rules as Json[];
    const scopes = (rule: Json) => JSON.stringify(rule.Statement.RateBasedStatement.ScopeDownStatement);
    for (const rule of rules) {
      expect(rule.Statement.RateBasedStatement).toMatchObject({ AggregateKeyType: 'IP', EvaluationWindowSec: 300 });
      expect(rule.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'rateLimited' } } });
    }
    const byName = Object.fromEntries(rules.map((r) => [r.Name, r]));
    expect(byName.Accounts.Statement.RateBasedStatement.Limit).toBe(RATE_LIMITS.accounts);
    for (const p of ['/public/signup', '/public/login', '/public/confirm', '/public/forgot-password', '/public/reset-password', '/staff/api/login'])
      expect(scopes(byName.Accounts)).toContain(`"${p}"`);
    expect(scopes(byName.Lookup)).toContain('"/lookup/"');
    expect(routes.find((r) => r.name === 'findLookup')?.path.startsWith('/lookup/')).toBe(true);
    expect(scopes(byName.Public)).toContain('"/public/"');
    expect(JSON.parse(acl.Properties.CustomResponseBodies.rateLimited.Content)).toEqual({ message: RATE_LIMITED_MESSAGE });
  });

  it('warns when synth does not know the region (a CLOUDFRONT web ACL exists only in us-east-1)', () => {
    Annotations.fromStack(stack).hasWarning('*', Match.stringLikeRegexp('CLOUDFRONT web ACL'));
    const east = synth({}, { env: { account: '123456789012', region: 'us-east-1' } });
    expect(resources(east.template, 'AWS::WAFv2::WebACL')).toHaveLength(1);
    expect(Annotations.fromStack(east.stack).findWarning('*', Match.stringLikeRegexp('CLOUDFRONT web ACL'))).toEqual([]);
  });

  it('attaches a given web ACL instead, or none with waf=off, and stops in another region unless told', () => {
    const given = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/apply/abc';
    const withGiven = synth({ webAclArn: given });
    expect(resources(withGiven.template, 'AWS::WAFv2::WebACL')).toEqual([]);
    expect(resource(withGiven.template, logicalId(withGiven.stack.site.distribution)).Properties.DistributionConfig.WebACLId).toBe(given);
    const off = synth({ waf: 'off' });
    expect(resources(off.template, 'AWS::WAFv2::WebACL')).toEqual([]);
    expect(resource(off.template, logicalId(off.stack.site.distribution)).Properties.DistributionConfig.WebACLId).toBeUndefined();
    expect(() => wafPlacement('auto', undefined, 'eu-west-1')).toThrow(/only in us-east-1.*webAclArn.*waf=off/);
    expect(wafPlacement('auto', given, 'eu-west-1')).toEqual({ kind: 'given', arn: given });
    expect(() => synth({ waf: 'maybe' })).toThrow(/waf must be one of auto, off/);
  });
});

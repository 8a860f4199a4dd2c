import type { CfnResource } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { contentSecurityPolicy, SPA_FALLBACK_CODE } from '#cdk/headers';
import { API_PATH_PATTERNS } from '#cdk/site';
import type { LanguageCode } from '#form/i18n/languages';
import { htmlFileFor, LANGUAGE_COOKIE, languageOfRequest, PRERENDERED_LANGUAGES, PRERENDERED_PATHS, prerenderedFile } from '#form/prerendered';
import { synth } from './harness';
import { resource, resources, type Json } from './template';

const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

function distributionConfig(context: Record<string, string> = {}) {
  const { stack, template } = synth(context);
  const id = stack.getLogicalId(stack.site.distribution.node.defaultChild as CfnResource);
  return { stack, template, config: resource(template, id).Properties.DistributionConfig };
}

describe('CloudFront', () => {
  const { stack, template, config } = distributionConfig();
  const originId = (behavior: Json) => config.Origins.find((o: Json) => o.Id === behavior.TargetOriginId);

  it('forwards each API prefix to the HTTP API with cookies and query, uncached, all methods', () => {
    expect(config.CacheBehaviors.map((b: Json) => b.PathPattern).sort()).toEqual([...API_PATH_PATTERNS].sort());
    for (const b of config.CacheBehaviors) {
      expect(b.CachePolicyId).toBe(CACHING_DISABLED);
      expect(b.OriginRequestPolicyId).toBe(ALL_VIEWER_EXCEPT_HOST_HEADER);
      expect(b.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS']));
      expect(b.ViewerProtocolPolicy).toBe('redirect-to-https');
      expect(b.FunctionAssociations).toBeUndefined();
      const origin = originId(b);
      expect(origin.CustomOriginConfig).toEqual(expect.objectContaining({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] }));
      expect(JSON.stringify(origin.DomainName)).toContain(stack.getLogicalId(stack.api.httpApi.node.defaultChild as CfnResource));
    }
  });

  it('serves the app from the private bucket through origin access control, with the SPA fallback on that behavior only', () => {
    const origin = originId(config.DefaultCacheBehavior);
    expect(origin.OriginAccessControlId).toBeDefined();
    expect(origin.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([expect.objectContaining({ EventType: 'viewer-request' })]);
    // Distribution-wide error pages would turn the API's 404s into index.html.
    expect(config.CustomErrorResponses).toBeUndefined();
    expect(config.DefaultRootObject).toBe('index.html');
  });

  it('puts the security headers on the app and the API', () => {
    const [[policyId, policy]] = resources(template, 'AWS::CloudFront::ResponseHeadersPolicy') as [[string, Json]];
    for (const b of [config.DefaultCacheBehavior, ...config.CacheBehaviors]) expect(b.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    const headers = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31536000);
    expect(headers.ContentTypeOptions).toEqual({ Override: true });
    expect(headers.FrameOptions.FrameOption).toBe('DENY');
    expect(headers.ReferrerPolicy.ReferrerPolicy).toBe('strict-origin-when-cross-origin');
    const csp = JSON.stringify(headers.ContentSecurityPolicy.ContentSecurityPolicy);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain('-uploads-');
  });

  it('writes no legacy access log (it records query strings: lib/edge-logs.ts) and accepts only TLS 1.2+ from viewers when given a custom domain', () => {
    expect(config.Logging).toBeUndefined();
    const custom = distributionConfig({ domainName: 'apply.example.edu', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc' });
    expect(custom.config.Aliases).toEqual(['apply.example.edu']);
    expect(custom.config.ViewerCertificate).toEqual(expect.objectContaining({ MinimumProtocolVersion: 'TLSv1.2_2021', SslSupportMethod: 'sni-only' }));
    // The site URL the functions get is the custom domain, not the CloudFront name.
    const login = custom.stack.api.functions.get('logIn');
    const env = resource(custom.template, custom.stack.getLogicalId(login?.node.defaultChild as CfnResource)).Properties.Environment.Variables;
    expect(env.PUBLIC_ORIGIN).toBe('https://apply.example.edu');
  });

  it('synthesizes without construct warnings', () => {
    const warnings = Annotations.fromStack(stack).findWarning('*', Match.anyValue());
    expect(warnings.filter((w) => w.id.startsWith('/Admissions/Site')).map((w) => w.entry.data)).toEqual([]);
  });

  it('publishes the web build and invalidates the cache', () => {
    const deployments = resources(template, 'Custom::CDKBucketDeployment');
    expect(deployments.some(([, d]) => d.Properties.DistributionPaths?.includes('/*'))).toBe(true);
    expect(deployments.map(([, d]) => d.Properties.Prune)).toEqual([false, false]);
  });
});

describe('SPA fallback function', () => {
  // The function is plain ES5 for CloudFront's runtime; evaluating it here runs the same code.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the code under test is a string the stack ships
  const handler = new Function(`${SPA_FALLBACK_CODE}; return handler;`)() as (e: Json) => Json;
  const request = (uri: string, cookies: Json = {}) => handler({ request: { uri, querystring: { username: { value: 'a@b.c' } }, cookies } });

  it.each(['/', '/education-ug/', '/some/deep/route', '/about/', '/staff/applications'])('serves index.html, the shell, for the app route %s', (uri) => {
    expect(request(uri).uri).toBe('/index.html');
  });

  it.each(PRERENDERED_PATHS)('serves the prerendered page of %s to a visitor without a session', (uri) => {
    expect(request(uri).uri).toBe(`/${prerenderedFile(uri)}`);
    expect(request(uri, { other: { value: 'x' }, 'CognitoIdentityServiceProvider.abc.LastAuthUser': { value: '' } }).uri).toBe(`/${prerenderedFile(uri)}`);
  });

  it.each([
    ['CognitoIdentityServiceProvider.abc.LastAuthUser', 'ada'],
    ['StaffSession.loggedIn', '1'],
  ])('serves the shell to a visitor with the %s cookie, as the local stack does', (name, value) => {
    expect(request('/about', { [name]: { value } }).uri).toBe('/index.html');
    expect(htmlFileFor('/about', `${name}=${value}`)).toBe('index.html');
    expect(htmlFileFor('/about', `${name}=`)).toBe(prerenderedFile('/about'));
  });

  describe("in the visitor's language (issue 41): the language cookie, else Accept-Language, as the local stack does", () => {
    const withLanguage = (uri: string, cookie: string | undefined, acceptLanguage: string | undefined) =>
      handler({
        request: {
          uri,
          querystring: {},
          cookies: cookie === undefined ? {} : { [LANGUAGE_COOKIE]: { value: cookie } },
          headers: acceptLanguage === undefined ? {} : { 'accept-language': { value: acceptLanguage } },
        },
      }).uri;
    const cases: [string | undefined, string | undefined, LanguageCode][] = [
      [undefined, undefined, 'en'],
      ['es', undefined, 'es'],
      ['ar', 'es-MX,es;q=0.9', 'ar'],
      ['en', 'ar', 'en'],
      // A value we do not have (the development pseudo-locale, an old code) falls to the browser's languages.
      ['pseudo', 'es-MX,es;q=0.9,en;q=0.8', 'es'],
      [undefined, 'fr-CA, ar-EG;q=0.8', 'ar'],
      [undefined, 'fr, de', 'en'],
    ];
    it.each(cases)('language cookie %s, Accept-Language %s: the %s page', (cookie, acceptLanguage, expected) => {
      for (const path of ['/about', '/login', '/staff/login', '/recommend']) {
        const file = `/${prerenderedFile(path, expected)}`;
        expect(withLanguage(path, cookie, acceptLanguage)).toBe(file);
        expect(`/${htmlFileFor(path, cookie === undefined ? 'other=1' : `other=1; ${LANGUAGE_COOKIE}=${cookie}`, acceptLanguage)}`).toBe(file);
      }
    });

    it("names one file per language, the default language's where it always was", () => {
      expect(PRERENDERED_LANGUAGES).toEqual(['en', 'es', 'ar']);
      expect(prerenderedFile('/staff/login', 'en')).toBe('staff/login.html');
      expect(prerenderedFile('/staff/login', 'ar')).toBe('staff/login.ar.html');
      expect(languageOfRequest('language=es')).toBe('es');
    });

    it('gives a signed-in visitor the shell whatever the language', () => {
      const cookies = { [LANGUAGE_COOKIE]: { value: 'es' }, 'StaffSession.loggedIn': { value: '1' } };
      expect(handler({ request: { uri: '/about', cookies, headers: {} } }).uri).toBe('/index.html');
      expect(htmlFileFor('/about', `${LANGUAGE_COOKIE}=es; StaffSession.loggedIn=1`, 'es')).toBe('index.html');
    });
  });

  it.each(['/assets/index-abc123.js', '/favicon.ico', '/assets/app.css'])('leaves the file %s alone', (uri) => {
    expect(request(uri).uri).toBe(uri);
  });

  it('keeps the query string for the app to read', () => {
    expect(request('/reset').querystring).toEqual({ username: { value: 'a@b.c' } });
  });
});

describe('content security policy', () => {
  it('allows connecting to the given origins besides our own, and nothing inline for scripts', () => {
    const csp = contentSecurityPolicy({ connect: ['https://up.s3.eu-west-1.amazonaws.com'] });
    expect(csp).toContain("connect-src 'self' https://up.s3.eu-west-1.amazonaws.com");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("object-src 'none'");
  });
});

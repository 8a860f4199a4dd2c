/**
 * The one public entry point: a CloudFront distribution serving the React build from a private
 * bucket (origin access control) and forwarding the API paths to the HTTP API, with security
 * headers on every response.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { privateBucketProps } from './access-logs';
import { contentSecurityPolicy, SPA_FALLBACK_CODE } from './headers';

/** Path patterns CloudFront forwards to the API; each is a route prefix in lambdas/routes.ts. */
export const API_PATH_PATTERNS = ['/api/*', '/public/*', '/service/*', '/lookup/*', '/staff/api/*', '/unsubscribe'] as const;

export interface SiteProps {
  webBuildDir: string;
  apiDomainName: string;
  /** Headers CloudFront adds to every API request (the origin secret, lib/origin-verify.ts). */
  apiOriginHeaders: Record<string, string>;
  /** Origins the app fetches from besides its own (the uploads bucket). */
  connectSources: string[];
  logs: s3.IBucket;
  domainName?: string;
  certificateArn?: string;
  webAclArn?: string;
}

export class Site extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** https://<custom domain or CloudFront domain>, without a trailing slash. */
  readonly origin: string;
  readonly webAclArn?: string;
  readonly customDomain: boolean;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    if (!fs.existsSync(path.join(props.webBuildDir, 'index.html'))) {
      throw new Error(`No web build at ${props.webBuildDir}: run \`npm run build:web\` before cdk synth or deploy`);
    }
    this.webAclArn = props.webAclArn;
    this.bucket = new s3.Bucket(this, 'Bucket', privateBucketProps(props.logs, 'site'));

    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'HSTS, CSP, nosniff, frame and referrer policy',
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy({ connect: props.connectSources }), override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()', override: true }],
      },
    });

    const spaFallback = new cloudfront.Function(this, 'SpaFallback', {
      code: cloudfront.FunctionCode.fromInline(SPA_FALLBACK_CODE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Serve index.html for SPA routes',
    });

    const api: cloudfront.BehaviorOptions = {
      origin: new origins.HttpOrigin(props.apiDomainName, {
        protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
        // Replaces a viewer's header of the same name: only CloudFront can send the secret.
        customHeaders: props.apiOriginHeaders,
      }),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      // Everything but Host (API Gateway routes by its own host name): cookies, query, headers.
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: headers,
    };

    const custom = props.domainName && props.certificateArn;
    this.customDomain = Boolean(custom);
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Admissions platform',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [{ function: spaFallback, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: Object.fromEntries(API_PATH_PATTERNS.map((pattern) => [pattern, api])),
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      // The TLS policy only applies to a custom certificate; the default *.cloudfront.net one is fixed.
      ...(custom
        ? {
            domainNames: [props.domainName as string],
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn as string),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      webAclId: props.webAclArn,
      // Standard logging (legacy) writes every query string and referrer, with its secrets: off.
      // lib/edge-logs.ts logs without them where the region allows.
      enableLogging: false,
    });
    this.origin = custom ? `https://${props.domainName}` : `https://${this.distribution.distributionDomainName}`;

    // Hashed assets first, cached for a year and never pruned (a tab still on the previous
    // release can load its chunks); then the HTML (index.html and the prerendered pages, issue
    // 29), never cached by browsers, and the invalidation, so a new page only ever points at
    // assets that are already there. The build's manifest (.vite/) is not served.
    const webBuild = s3deploy.Source.asset(props.webBuildDir);
    const assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
      sources: [webBuild],
      destinationBucket: this.bucket,
      exclude: ['*.html', '.vite/*'],
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
      memoryLimit: 512,
    });
    const index = new s3deploy.BucketDeployment(this, 'DeployIndex', {
      sources: [webBuild],
      destinationBucket: this.bucket,
      include: ['*.html'],
      exclude: ['*'],
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString('no-cache')],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    index.node.addDependency(assets);
  }
}

/**
 * The HTTP API: one Lambda per row of lambdas/routes.ts, each with its own role holding exactly
 * the grants its row lists and the environment variables those grants imply.
 */
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { routes, type Resource, type RouteDef } from '../lambdas/routes';
import type { Binding } from './bindings';
import { AppFunction } from './function';

/**
 * Stage-wide limits. A busy deadline day for one institution is tens of requests per second
 * (saves on page changes, 2-second conversion polls); these leave headroom while capping what a
 * flood can cost. Raise them with the account's Lambda concurrency in mind.
 */
export const THROTTLE = { rateLimit: 100, burstLimit: 200 };

export interface ApiProps {
  sourceRoot: string;
  /** Variables every route function gets. */
  environment: Record<string, string>;
  /** The construct behind each resource name a route may be granted. */
  bindings: Record<Resource, Binding>;
  /** Bound to every route (read) without an IAM grant: the session verifier needs pool and client ids. */
  identity: Binding;
}

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly functions = new Map<string, AppFunction>();

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    this.httpApi = new apigw.HttpApi(this, 'Http', {
      description: 'Admissions platform API (behind CloudFront)',
      createDefaultStage: false,
    });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.THREE_MONTHS, removalPolicy: RemovalPolicy.DESTROY });
    new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: THROTTLE,
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        // No headers or query strings: cookies and service tokens must not reach the logs.
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            ip: '$context.identity.sourceIp',
            time: '$context.requestTime',
            routeKey: '$context.routeKey',
            status: '$context.status',
            latencyMs: '$context.responseLatency',
            responseLength: '$context.responseLength',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });
    for (const route of routes) this.addRoute(route, props);
  }

  /** The API's host name, for CloudFront's origin. */
  get domainName(): string {
    return `${this.httpApi.apiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`;
  }

  private addRoute(route: RouteDef, props: ApiProps): void {
    const id = `Route${pascal(route.name)}`;
    const fn = new AppFunction(this, id, {
      entry: route.entry,
      sourceRoot: props.sourceRoot,
      description: `${route.method} ${route.path}`,
      environment: { ...props.environment, ...props.identity.environment },
      timeout: Duration.seconds(15),
    });
    for (const grant of route.grants) fn.bind(props.bindings[grant.resource], grant.mode);
    this.httpApi.addRoutes({
      path: route.path,
      methods: [apigw.HttpMethod[route.method]],
      integration: new HttpLambdaIntegration(`${id}Integration`, fn, { payloadFormatVersion: apigw.PayloadFormatVersion.VERSION_2_0 }),
    });
    this.functions.set(route.name, fn);
  }
}

/**
 * The HTTP API: one Lambda per row of lambdas/routes.ts, each with its own role holding exactly
 * the grants its row lists and the environment variables those grants imply. The API and its
 * stage stay in the parent stack; the route functions live in nested stacks by concern
 * (lib/route-stacks.ts), so the route table can grow without reaching CloudFormation's
 * resource limit, and `cdk deploy` still deploys one stack.
 */
import { Duration, NestedStack, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { routes as routeTable, type Resource, type RouteDef } from '#lambdas/routes';
import type { Binding } from './bindings';
import type { Limits } from './capacity';
import { AppFunction } from './function';
import { OriginVerify } from './origin-verify';
import { groupOf } from './route-stacks';

export interface ApiProps {
  sourceRoot: string;
  /** Variables every route function gets. */
  environment: Record<string, string>;
  /** The construct behind each resource name a route may be granted. */
  bindings: Record<Resource, Binding>;
  /** Bound to every route (read) without an IAM grant: the session verifier needs pool and client ids. */
  identity: Binding;
  /** Stage and route throttles, from the deadline-day model (lib/capacity.ts, docs/capacity.md). */
  limits: Limits;
  /** The rows to deploy; the route table unless a test measures a larger one. */
  routes?: readonly RouteDef[];
}

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;
  /** Refuses every request that did not come through CloudFront (lib/origin-verify.ts). */
  readonly originVerify: OriginVerify;
  readonly functions = new Map<string, AppFunction>();
  /** The nested stacks holding the route functions, by group id (lib/route-stacks.ts). */
  readonly routeStacks = new Map<string, NestedStack>();
  private readonly httpRoutes: apigw.HttpRoute[] = [];
  private machineAuthorizer?: HttpLambdaAuthorizer;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    // 'Gateway', not the single stack's 'Http': a new logical id gives the split its own API,
    // so the routes created in the nested stacks never collide with the old API's route keys
    // while CloudFormation replaces them (docs/deploy.md, upgrading).
    this.httpApi = new apigw.HttpApi(this, 'Gateway', {
      description: 'Admissions platform API (behind CloudFront)',
      createDefaultStage: false,
    });
    this.originVerify = new OriginVerify(this, 'OriginVerify', { httpApi: this.httpApi });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', { retention: logs.RetentionDays.THREE_MONTHS, removalPolicy: RemovalPolicy.DESTROY });
    const stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.limits.stage,
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
    const rows = props.routes ?? routeTable;
    for (const route of rows) this.addRoute(route, props);
    // Routes that call a rate-limited service (Cognito, SES through it) get their own, lower
    // throttle: a flood of sign-ups is turned away here with a 429, not by Cognito mid-flow.
    // RouteSettings is a JSON map in CloudFormation: its keys are written as the template wants them.
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const [name, limit] of Object.entries(props.limits.routes)) {
      const route = rows.find((r) => r.name === name);
      if (!route) throw new Error(`a throttle names route ${name}, which lambdas/routes.ts does not have`);
      routeSettings[`${route.method} ${route.path}`] = { ThrottlingRateLimit: limit.rateLimit, ThrottlingBurstLimit: limit.burstLimit };
    }
    const cfnStage = stage.node.defaultChild as apigw.CfnStage;
    cfnStage.routeSettings = routeSettings;
    // The route keys must exist before the stage refers to them (a dependency on the nested stacks).
    cfnStage.node.addDependency(...this.httpRoutes);
  }

  /** The API's host name, for CloudFront's origin. */
  get domainName(): string {
    return `${this.httpApi.apiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`;
  }

  private stackFor(route: RouteDef): NestedStack {
    const group = groupOf(route);
    let stack = this.routeStacks.get(group.id);
    if (!stack) {
      stack = new NestedStack(this, group.id, { description: group.description });
      this.routeStacks.set(group.id, stack);
    }
    return stack;
  }

  /**
   * A machine's route: a bearer token of the machine pool holding the route's scope, checked by
   * a Lambda authorizer before the function runs (lambdas/events/authorize-machine-token.ts;
   * API Gateway answers 401 without a token and 403 for one refused). Not API Gateway's JWT
   * authorizer: it admits only the client ids listed in its audience at deploy time, and a client
   * an admin makes in the console must work without a deploy. Its answer is cached a minute per
   * token and route (the route's own middleware refuses a revoked client's token within a
   * minute too). One authorizer per route can be attached, so these routes are not behind the
   * origin check: a machine may call the API's own host name; its token is what admits it.
   */
  private machineAuthorizerFor(props: ApiProps): HttpLambdaAuthorizer {
    if (!this.machineAuthorizer) {
      // In the parent stack, beside the API that holds the authorizer: the two refer to each other.
      const fn = new AppFunction(this, 'MachineAuthorizer', {
        entry: 'events/authorize-machine-token.ts',
        sourceRoot: props.sourceRoot,
        description: "Admits /sis/v1/ requests whose token is the machine pool's and holds the route's scope",
        environment: props.environment,
        timeout: Duration.seconds(5),
      });
      // The pool's id names its issuer and public keys; verifying needs no IAM action.
      fn.bind(props.bindings.sisIdentity, []);
      this.machineAuthorizer = new HttpLambdaAuthorizer('MachineTokens', fn, {
        responseTypes: [HttpLambdaResponseType.SIMPLE],
        identitySource: ['$request.header.Authorization', '$context.routeKey'],
        resultsCacheTtl: Duration.minutes(1),
      });
    }
    return this.machineAuthorizer;
  }

  /**
   * A machine's route: its token's authorizer. The API's public documentation under /sis/ (its
   * OpenAPI document): none, as a machine reads it from the API's own host name, where no
   * CloudFront header comes with it. Every other route: the origin check.
   */
  private authorizationOf(route: RouteDef, scope: Construct, props: ApiProps): Pick<apigw.HttpRouteProps, 'authorizer'> {
    if (route.access === 'machine') return { authorizer: this.machineAuthorizerFor(props) };
    if (route.access === 'public' && route.path.startsWith('/sis/')) return {};
    return { authorizer: this.originVerify.routeAuthorizer(scope) };
  }

  private addRoute(route: RouteDef, props: ApiProps): void {
    const scope = this.stackFor(route);
    const id = `Route${pascal(route.name)}`;
    const fn = new AppFunction(scope, id, {
      entry: route.entry,
      sourceRoot: props.sourceRoot,
      description: `${route.method} ${route.path}`,
      environment: { ...props.environment, ...props.identity.environment },
      timeout: Duration.seconds(15),
    });
    for (const grant of route.grants) fn.bind(props.bindings[grant.resource], grant.actions, grant.keys);
    this.httpRoutes.push(
      new apigw.HttpRoute(scope, `${id}Route`, {
        httpApi: this.httpApi,
        routeKey: apigw.HttpRouteKey.with(route.path, apigw.HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${id}Integration`, fn, { payloadFormatVersion: apigw.PayloadFormatVersion.VERSION_2_0 }),
        ...this.authorizationOf(route, scope, props),
      }),
    );
    this.functions.set(route.name, fn);
  }
}

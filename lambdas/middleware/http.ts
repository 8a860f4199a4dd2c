import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { Invalid } from '../domain/errors';
import { log } from '../adapters/log';
import type { Access, RouteDef } from '../routes';
import { answerBeforeDeadline } from './deadline';
import { errorMapper } from './errors';
import { jsonBody } from './json-body';
import { stateOf, type HttpContext, type HttpMiddleware } from './pipeline';
import { jsonResponse } from './response';
import type { Applicant, ServiceCaller } from './session';
import type { StaffMember } from './staff-session';
import { submittedLock } from './submitted-lock';

export { MAX_BODY_BYTES, MAX_JSON_DEPTH, parseJsonBody } from './json-body';

export type Parser<T> = (raw: unknown) => T;

/** How a route reads its input, beside its row in the route table. */
export interface InputSpec<B, Q> {
  /** Parses and validates the JSON body; throw Invalid on bad input. Omit for routes without a body. */
  body?: Parser<B>;
  /** Parses the query string parameters. */
  query?: (raw: Record<string, string>) => Q;
}

export interface HttpRequest<B, Q, A extends Access> {
  body: B;
  query: Q;
  path: Record<string, string>;
  event: APIGatewayProxyEventV2;
  /** The verified token's subject. Present exactly when access is 'applicant'. */
  applicant: A extends 'applicant' ? Applicant : undefined;
  service: A extends 'service' ? ServiceCaller : undefined;
  /** The verified staff member. Present exactly when access is 'staff'. */
  staff: A extends 'staff' ? StaffMember : undefined;
  /** Cookies the response must set (refreshed tokens); handlers may push more. */
  setCookies: string[];
}

/** A handler result: a plain value is 200 JSON; a Reply sets status and cookies. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly cookies: string[] = [],
    readonly headers: Record<string, string> = {},
  ) {}
}

export function reply(status: number, body: unknown, cookies: string[] = [], headers: Record<string, string> = {}): Reply {
  return new Reply(status, body, cookies, headers);
}

/** Every log line of the invocation names its route (beside Powertools' request id and cold start). */
function routeLogKeys(route: RouteDef): HttpMiddleware {
  return {
    before: () => {
      log.appendKeys({ route: route.name });
    },
  };
}

/** The route's work: a value (or a promise of one) to answer, a Reply, or a thrown DomainError. */
type Run<B, Q, A extends Access> = (req: HttpRequest<B, Q, A>) => unknown;

/** A route's Lambda handler: `httpHandler(route('name'), inputSpec, run)` or `httpHandler(route('name'), run)`. */
export interface HttpHandlerBuilder<A extends Access> {
  <B = undefined, Q = Record<string, string>>(
    route: RouteDef & { access: A },
    specOrRun: InputSpec<B, Q> | Run<B, Q, A>,
    maybeRun?: Run<B, Q, A>,
  ): (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;
}

/**
 * The `httpHandler` of one access level (middleware/access/*.ts): a handler module imports its
 * level's, so its bundle carries that level's authentication and no other's (an applicant route
 * has no staff sign-in code and no identity-provider client).
 */
export function handlerBuilder<A extends Access>(authenticate: () => HttpMiddleware[]): HttpHandlerBuilder<A> {
  return (route, specOrRun, maybeRun) => buildHandler(route, authenticate(), specOrRun, maybeRun);
}

/**
 * Builds a route's Lambda handler from its row in the route table: logging with the request's
 * context, errors mapped in one place, the caller authenticated by the row's access level, the
 * JSON body parsed, a submitted application refused where the row says so, then `run`, whose
 * result is answered as JSON.
 */
function buildHandler<A extends Access, B, Q>(
  route: RouteDef & { access: A },
  authenticate: HttpMiddleware[],
  specOrRun: InputSpec<B, Q> | Run<B, Q, A>,
  maybeRun?: Run<B, Q, A>,
) {
  const spec: InputSpec<B, Q> = typeof specOrRun === 'function' ? {} : specOrRun;
  const run = (typeof specOrRun === 'function' ? specOrRun : maybeRun) as Run<B, Q, A>;

  const inputs: HttpMiddleware = {
    // The route's own schemas: after the caller is known, before the lock (bad input is a 400 either way).
    before: (request) => {
      const state = stateOf(request.context);
      if (!spec.body && state.json !== undefined) throw new Invalid('This request does not take a body.');
      const body = spec.body ? spec.body(state.json) : (undefined as B);
      const rawQuery: Record<string, string> = {};
      for (const [k, v] of Object.entries(request.event.queryStringParameters ?? {})) if (v !== undefined) rawQuery[k] = v;
      state.input = { body, query: spec.query ? spec.query(rawQuery) : rawQuery };
    },
  };

  // The deadline is kept around the whole pipeline (./deadline.ts), not by middy, whose early timeout covers only the handler.
  const pipeline = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, HttpContext>({ timeoutEarlyInMillis: 0 })
    .use(injectLambdaContext(log, { resetKeys: true }))
    .use(routeLogKeys(route))
    .use(errorMapper())
    .use(authenticate)
    .use(jsonBody())
    .use(inputs)
    .use(route.lockedAfterSubmit ? [submittedLock()] : [])
    .handler(async (event, context) => {
      const state = stateOf(context);
      const { body, query } = state.input as { body: B; query: Q };
      const result = await run({
        body,
        query,
        path: (event.pathParameters ?? {}) as Record<string, string>,
        event,
        applicant: state.applicant as HttpRequest<B, Q, A>['applicant'],
        service: state.service as HttpRequest<B, Q, A>['service'],
        staff: state.staff as HttpRequest<B, Q, A>['staff'],
        setCookies: state.setCookies,
      });
      if (result instanceof Reply) {
        return jsonResponse(result.status, result.body, [...state.setCookies, ...result.cookies], result.headers);
      }
      return jsonResponse(200, result ?? {}, state.setCookies);
    });
  return (event: APIGatewayProxyEventV2, context: Context): Promise<APIGatewayProxyStructuredResultV2> => answerBeforeDeadline(pipeline(event, context), context);
}

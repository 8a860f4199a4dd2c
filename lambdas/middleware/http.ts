import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { log } from '#adapters/log';
import { Invalid } from '#domain/errors';
import type { InputOf, ParsedBody, ParsedQuery, ResponseOf } from '#form/wire/endpoint';
import type { Endpoints } from '#form/wire/endpoints';
import type { InputParsers, QueryParams } from '#form/wire/input';
import type { PipelineRow } from '#lambdas/route-row';
import type { Access, RouteName } from '#lambdas/routes';
import { answerBeforeDeadline } from './deadline';
import { errorMapper, type ErrorPage } from './errors';
import { jsonBody } from './json-body';
import { replyLanguage } from './language';
import { stateOf, type HttpContext, type HttpMiddleware } from './pipeline';
import { jsonResponse } from './response';
import type { Applicant, MachineCaller, ServiceCaller } from './session';
import type { StaffMember } from './staff-session';

export { MAX_BODY_BYTES, parseJsonBody } from './json-body';

type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** How a route reads its input: its contract's parsers (form/wire), which throw InputError on bad input. */
export type InputSpec<B, Q> = InputParsers<B, Q>;

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
  /** The verified machine client. Present exactly when access is 'machine'. */
  machine: A extends 'machine' ? MachineCaller : undefined;
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

/** 303 to a short-lived link, the link in the body too (a `fetch` with `redirect: 'manual'` reads it there). */
export function redirect(url: string): Reply {
  return new Reply(303, { url }, [], { location: url });
}

/** Every log line of the invocation names its route (beside Powertools' request id and cold start). */
function routeLogKeys(route: PipelineRow): HttpMiddleware {
  return {
    before: () => {
      log.appendKeys({ route: route.name });
    },
  };
}

/**
 * A row the handler is built from. A route opened from a link adds its error pages
 * (`openedByLink(row)`, ./signed-out-page.ts), a route locked after submit its lock
 * (`lockedAfterSubmit(row)`, ./submitted-lock.ts): only those Lambdas bundle them.
 */
export type HandlerRow = PipelineRow & { errorPage?: ErrorPage; submittedLock?: HttpMiddleware };

/** A row the table marks `openedByLink` without its error pages, or `lockedAfterSubmit: true` without its lock, does not compile. */
type RowHasItsMiddleware<R> = (R extends { openedByLink: true }
  ? R extends { errorPage: ErrorPage }
    ? unknown
    : { readonly errorPage: ErrorPage }
  : unknown) &
  (R extends { lockedAfterSubmit: true } ? (R extends { submittedLock: HttpMiddleware } ? unknown : { readonly submittedLock: HttpMiddleware }) : unknown);

/** The route's work: its contract's answer (or a promise of one), a Reply, or a thrown DomainError. */
type Run<B, Q, A extends Access, R = unknown> = (req: HttpRequest<B, Q, A>) => R | Reply | Promise<R | Reply>;

type RouteRun<N extends RouteName, A extends Access> = Run<ParsedBody<Endpoints[N]>, ParsedQuery<Endpoints[N]>, A, ResponseOf<Endpoints[N]>>;

/**
 * A route whose contract parses input takes that input (the `*Input` of its form/wire module,
 * imported by the handler module alone, so each Lambda carries only its own parsers), then its
 * work; any other route only its work.
 */
type HandlerArgs<N extends RouteName, A extends Access> =
  InputOf<Endpoints[N]> extends { parses: true } ? [input: InputOf<Endpoints[N]>, run: RouteRun<N, A>] : [run: RouteRun<N, A>];

/**
 * A route's Lambda handler: `httpHandler(route('name'), input, run)` or `httpHandler(route('name'), run)`,
 * typed by the route's contract (its input's parsed body and query, its answer).
 */
export interface HttpHandlerBuilder<A extends Access> {
  <R extends HandlerRow & { name: RouteName; access: A }>(route: R & RowHasItsMiddleware<R>, ...args: HandlerArgs<R['name'], A>): LambdaHandler;
  /** A row outside the route table (the pipeline's own tests): its parsers are its own. */
  <N extends string, B, Q>(route: HandlerRow & { name: N extends RouteName ? never : N; access: A }, spec: InputSpec<B, Q>, run: Run<B, Q, A>): LambdaHandler;
  <N extends string>(route: HandlerRow & { name: N extends RouteName ? never : N; access: A }, run: Run<undefined, QueryParams, A>): LambdaHandler;
}

/**
 * The `httpHandler` of one access level (middleware/access/*.ts): a handler module imports its
 * level's, so its bundle carries that level's authentication and no other's (an applicant route
 * has no staff sign-in code and no identity-provider client).
 */
export function handlerBuilder<A extends Access>(authenticate: (route: PipelineRow) => HttpMiddleware[]): HttpHandlerBuilder<A> {
  return (route: HandlerRow, ...args: [unknown] | [unknown, unknown]) => buildHandler(route, authenticate(route), args);
}

/**
 * Builds a route's Lambda handler from its row in the route table: logging with the request's
 * context, errors mapped in one place, the caller authenticated by the row's access level, the
 * JSON body parsed, a submitted application refused where the row says so, then `run`, whose
 * result is answered as JSON.
 */
function buildHandler(route: HandlerRow, authenticate: HttpMiddleware[], args: [unknown] | [unknown, unknown]): LambdaHandler {
  type B = unknown;
  type Q = unknown;
  type A = Access;
  const spec = (args.length === 2 ? args[0] : {}) as InputSpec<B, Q>;
  const run = (args.length === 2 ? args[1] : args[0]) as Run<B, Q, A>;

  const inputs: HttpMiddleware = {
    // The route's own schemas: after the caller is known, before the lock (bad input is a 400 either way).
    before: (request) => {
      const state = stateOf(request.context);
      if (!spec.body && state.json !== undefined) throw new Invalid('This request does not take a body.');
      // A parser's InputError is answered 400 by the error middleware, like Invalid.
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
    // The applicant's language for a reply's words, errors included (runs after the error mapper).
    .use(route.access === 'staff' || route.access === 'machine' ? [] : [replyLanguage()])
    .use(errorMapper(route.errorPage))
    .use(authenticate)
    .use(jsonBody())
    .use(inputs)
    .use(route.submittedLock ? [route.submittedLock] : [])
    .handler(async (event, context) => {
      const state = stateOf(context);
      const { body, query } = state.input as { body: B; query: Q };
      const result = await run({
        body,
        query,
        path: (event.pathParameters ?? {}) as Record<string, string>,
        event,
        applicant: state.applicant,
        service: state.service,
        staff: state.staff,
        machine: state.machine,
        setCookies: state.setCookies,
      });
      if (result instanceof Reply) {
        return jsonResponse(result.status, result.body, [...state.setCookies, ...result.cookies], result.headers);
      }
      return jsonResponse(200, result ?? {}, state.setCookies);
    });
  return (event, context) => answerBeforeDeadline(pipeline(event, context), context);
}

import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { Applicant, MachineCaller, ServiceCaller } from './session';
import type { StaffMember } from './staff-session';

/**
 * What the pipeline's middlewares learn about a request, kept on the invocation's context:
 * each middleware fills its part and the handler reads them (lambdas/middleware/http.ts).
 */
export interface RequestState {
  /** Who is asking: set by the route's access middleware. */
  applicant?: Applicant;
  service?: ServiceCaller;
  staff?: StaffMember;
  machine?: MachineCaller;
  /** The parsed JSON body (undefined for none): set by the body parser. */
  json?: unknown;
  /** The body and query as the route's own schemas parsed them. */
  input?: { body: unknown; query: unknown };
  /** Cookies the response must set (refreshed tokens); handlers may add more. */
  setCookies: string[];
}

export type HttpContext = Context & { http?: RequestState };
export type HttpMiddleware = MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, HttpContext>;

/** The request's state, created by the first middleware that asks. */
export function stateOf(context: Context): RequestState {
  const c = context as Partial<HttpContext>;
  c.http ??= { setCookies: [] };
  return c.http;
}

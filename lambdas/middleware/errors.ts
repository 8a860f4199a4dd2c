import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { DomainError, GENERIC_ERROR_MESSAGE } from '#domain/errors';
import { InputError } from '#form/wire/input';
import { jsonResponse } from './response';
import { log } from '#adapters/log';
import type { HttpMiddleware } from './pipeline';
import type { RouteDef } from '#lambdas/routes';
import { signedOutPage, tooSoonPage, wantsPage } from './signed-out-page';

/**
 * Maps typed domain errors to their status with `{message, ...extra}`; anything else is logged
 * in full and answered 500 with only the generic text, so no stack trace or internal detail leaks.
 */
export function errorResponse(error: unknown): APIGatewayProxyStructuredResultV2 {
  if (error instanceof DomainError) {
    return jsonResponse(error.status, { message: error.message, ...error.extra });
  }
  // Bad input, found by a route's contract (form/wire): the request itself is wrong.
  if (error instanceof InputError) return jsonResponse(400, { message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
  log.error('unhandled error', { error });
  return jsonResponse(500, { message: GENERIC_ERROR_MESSAGE });
}

/**
 * The one place errors become responses. A route a browser opens from a link answers a lost
 * session, or a second opening too soon, with a page for the person (./signed-out-page.ts);
 * everything else is JSON.
 */
export function errorMapper(route?: Pick<RouteDef, 'access' | 'openedByLink'>): HttpMiddleware {
  return {
    onError: (request) => {
      const error = request.error;
      const page = route?.openedByLink && wantsPage(request.event) && error instanceof DomainError;
      if (page && error.status === 401) request.response = signedOutPage(route.access);
      else if (page && error.status === 429) request.response = tooSoonPage(route.access, error.message);
      else request.response = errorResponse(error);
    },
  };
}

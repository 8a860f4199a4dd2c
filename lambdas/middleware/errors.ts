import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { log } from '#adapters/log';
import { DomainError, GENERIC_ERROR_MESSAGE } from '#domain/errors';
import { InputError } from '#form/wire/input';
import type { HttpMiddleware } from './pipeline';
import { jsonResponse } from './response';

/**
 * Maps typed domain errors to their status with `{message, ...extra}`; anything else is logged
 * in full and answered 500 with only the generic text, so no stack trace or internal detail leaks.
 */
export function errorResponse(error: unknown): APIGatewayProxyStructuredResultV2 {
  if (error instanceof DomainError) {
    return jsonResponse(error.status, { message: error.message, ...error.extra }, undefined, error.headers);
  }
  // Bad input, found by a route's contract (form/wire): the request itself is wrong.
  if (error instanceof InputError) return jsonResponse(400, { message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
  log.error('unhandled error', { error });
  return jsonResponse(500, { message: GENERIC_ERROR_MESSAGE });
}

/**
 * A page for the person in place of an error's JSON (a route opened from a link:
 * ./signed-out-page.ts), or undefined to answer the JSON.
 */
export type ErrorPage = (error: DomainError, event: APIGatewayProxyEventV2) => APIGatewayProxyStructuredResultV2 | undefined;

/**
 * The one place errors become responses. A route a browser opens from a link passes its
 * `errorPage` (a lost session, or a second opening too soon, answered with a page for the
 * person); everything else is JSON. Only those routes import the pages.
 */
export function errorMapper(errorPage?: ErrorPage): HttpMiddleware {
  return {
    onError: (request) => {
      const error = request.error;
      request.response = (error instanceof DomainError ? errorPage?.(error, request.event) : undefined) ?? errorResponse(error);
    },
  };
}

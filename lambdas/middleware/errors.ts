import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { DomainError, GENERIC_ERROR_MESSAGE } from '../domain/errors';
import { jsonResponse } from './response';
import { log } from '../adapters/log';

/**
 * Maps typed domain errors to their status with `{message, ...extra}`; anything else is logged
 * in full and answered 500 with only the generic text, so no stack trace or internal detail leaks.
 */
export function errorResponse(error: unknown, route: string): APIGatewayProxyStructuredResultV2 {
  if (error instanceof DomainError) {
    return jsonResponse(error.status, { message: error.message, ...error.extra });
  }
  log.error('unhandled error', { route, error });
  return jsonResponse(500, { message: GENERIC_ERROR_MESSAGE });
}

export function errorMapper(route: string): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> {
  return {
    onError: async (request) => {
      request.response = errorResponse(request.error, route);
    },
  };
}

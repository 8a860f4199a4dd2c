import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { log } from '#adapters/log';
import { GENERIC_ERROR_MESSAGE } from '#domain/errors';
import { jsonResponse } from './response';

/** How long before the function's deadline a request still waiting is answered. */
export const DEADLINE_MARGIN_MS = 50;

/**
 * Answers the generic error just before the function's deadline when the request is still
 * waiting, so that the applicant reads our message rather than API Gateway's timeout text.
 * It covers the whole pipeline: the session check and the submitted lock wait on the database
 * before the handler runs, and middy's own early timeout covers only the handler.
 */
export function answerBeforeDeadline(work: Promise<APIGatewayProxyStructuredResultV2>, context: Context): Promise<APIGatewayProxyStructuredResultV2> {
  const remaining = typeof context.getRemainingTimeInMillis === 'function' ? context.getRemainingTimeInMillis() : undefined;
  if (remaining === undefined) return work;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<APIGatewayProxyStructuredResultV2>((resolve) => {
    timer = setTimeout(
      () => {
        log.error('request still waiting at the function deadline');
        resolve(jsonResponse(500, { message: GENERIC_ERROR_MESSAGE }));
      },
      Math.max(0, remaining - DEADLINE_MARGIN_MS),
    );
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * When API Gateway received the request (its `timeEpoch`): what a deadline is judged by, not the
 * moment the handler got round to it (issue 37). The local stack's gateway sets it the same way.
 */
export function receivedAt(event: APIGatewayProxyEventV2): Date {
  const epoch = event.requestContext?.timeEpoch;
  return typeof epoch === 'number' && Number.isFinite(epoch) ? new Date(epoch) : new Date();
}

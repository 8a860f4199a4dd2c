/** The "from which address" of an audit record: API Gateway's view of the caller. */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

export const sourceIp = (event: APIGatewayProxyEventV2): string => event.requestContext?.http?.sourceIp ?? 'unknown';

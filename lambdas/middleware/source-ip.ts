/**
 * The "from which address" of an audit record. API Gateway's source address is the nearest
 * hop (in AWS a CloudFront edge); the viewer's own address is the entry CloudFront appended to
 * X-Forwarded-For, which is kept beside it as received (a client can prepend entries of its own,
 * so it is evidence, not identity).
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

export function sourceIp(event: APIGatewayProxyEventV2): string {
  const hop = event.requestContext?.http?.sourceIp ?? 'unknown';
  const forwarded = event.headers?.['x-forwarded-for'];
  return forwarded ? `${hop} (forwarded for ${forwarded.slice(0, 200)})` : hop;
}

import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

/** Headers on every API response: JSON only, never cached, never sniffed or framed. */
export const API_HEADERS: Record<string, string> = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

export function jsonResponse(statusCode: number, body: unknown, cookies?: string[], headers?: Record<string, string>): APIGatewayProxyStructuredResultV2 {
  const result: APIGatewayProxyStructuredResultV2 = {
    statusCode,
    headers: { ...API_HEADERS, ...headers },
    body: JSON.stringify(body ?? {}),
  };
  if (cookies && cookies.length > 0) result.cookies = cookies;
  return result;
}

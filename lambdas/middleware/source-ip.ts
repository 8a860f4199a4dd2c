/**
 * The "from which address" of an audit record. API Gateway's source address is the nearest
 * hop (in AWS a CloudFront edge); the viewer's own address is the entry CloudFront appended to
 * X-Forwarded-For, which is kept beside it (a client can prepend entries of its own, so what
 * comes before the last entry is evidence, not identity).
 *
 * The header is the client's to fill, so the record keeps it bounded: the last entry always (the
 * one the edge added, the one that matters), and of the entries before it only a prefix, with a
 * count of what was left out. Cutting the header at a fixed length instead lets a client push
 * the edge's entry out of the record by prepending enough entries of its own.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** The longest address kept as the last entry (an IPv6 address with a zone is under 64). */
const MAX_LAST_ENTRY = 64;
/** How much of the entries before the last one is kept. */
const MAX_EARLIER = 160;

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** `a, b, … 22 more, last`: the earlier entries as far as they fit, then the last one. */
export function boundedForwardedFor(header: string): string {
  const entries = header
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  const last = entries.pop();
  if (last === undefined) return '';
  const kept: string[] = [];
  let length = 0;
  for (const entry of entries) {
    const next = length + entry.length + (kept.length > 0 ? 2 : 0);
    if (next > MAX_EARLIER) break;
    kept.push(entry);
    length = next;
  }
  const dropped = entries.length - kept.length;
  return [...kept, ...(dropped > 0 ? [`… ${dropped} more`] : []), cut(last, MAX_LAST_ENTRY)].join(', ');
}

export function sourceIp(event: APIGatewayProxyEventV2): string {
  const hop = event.requestContext?.http?.sourceIp ?? 'unknown';
  const forwarded = boundedForwardedFor(event.headers?.['x-forwarded-for'] ?? '');
  return forwarded ? `${hop} (forwarded for ${forwarded})` : hop;
}

/**
 * The client's own address, as a key for per-address limits: behind CloudFront the last
 * X-Forwarded-For entry is the viewer address CloudFront saw (it appends it, so a client cannot
 * choose it); without the header, the connection's address.
 */
export function clientAddress(event: APIGatewayProxyEventV2): string {
  const last = (event.headers?.['x-forwarded-for'] ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '')
    .pop();
  return cut(last ?? event.requestContext?.http?.sourceIp ?? 'unknown', MAX_LAST_ENTRY);
}

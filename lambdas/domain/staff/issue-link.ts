/** Issues one temporary link (the route and `npm run staff -- links` share it). */
import type { TokenIssuer } from '../ports/tokens';
import { temporaryLinkUrl, type TemporaryLinkRequest } from './temporary-links';

export async function issueTemporaryLink(tokens: TokenIssuer, origin: string, request: TemporaryLinkRequest, issuedBy: string, now: Date = new Date()): Promise<{ url: string; expires_at: string }> {
  const ttl = request.expiresInDays * 24 * 60 * 60;
  // No applicant stands behind a prepared answer set: the grant names who issued it.
  const token = await tokens.issueToken({ kind: 'tmp', sub: `staff:${issuedBy}`, answers: request.answer }, ttl, now);
  return { url: temporaryLinkUrl(origin, token), expires_at: new Date(now.getTime() + ttl * 1000).toISOString() };
}

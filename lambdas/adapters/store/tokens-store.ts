import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { TokenGrant, TokenKind } from '#domain/ports/tokens';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { SK, epochSeconds, isExpired, tokenPkOfHash } from './keys';

export type { TokenGrant, TokenKind };

/**
 * Bearer tokens in the address (spec: ?token= and ?service_token=). Only their SHA-256 is
 * stored, so a leaked table does not leak usable tokens; each is scoped to one applicant and
 * one kind, and expires.
 */

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
/** The token's item key: the ledger of temporary links keeps it to end a revoked link's token. */
export const tokenPk = (token: string): string => tokenPkOfHash(hash(token));
const pkOf = tokenPk;
/** The token's whole item key, for a caller that takes it back (render-pdf.ts). */
export const tokenItemKey = (token: string) => ({ pk: tokenPk(token), sk: SK.token });

export async function issueToken(grant: TokenGrant, ttlSeconds: number, now: Date = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await dynamoClient().send(
    new PutCommand({
      TableName: config().statusTable,
      Item: { pk: pkOf(token), sk: SK.token, ...grant, expiresAt: epochSeconds(now) + ttlSeconds },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return token;
}

/** The grant behind a token of this kind, or undefined when unknown, of another kind, or expired. */
export async function resolveToken(kind: TokenKind, token: string, now: Date = new Date()): Promise<TokenGrant | undefined> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  const out = await dynamoClient().send(new GetCommand({ TableName: config().statusTable, Key: { pk: pkOf(token), sk: SK.token } }));
  const item = out.Item;
  if (!item || item.kind !== kind || isExpired(item, now) || typeof item.sub !== 'string') return undefined;
  const grant: TokenGrant = { kind, sub: item.sub };
  if (item.answers && typeof item.answers === 'object') grant.answers = item.answers as Record<string, string>;
  if (typeof item.link === 'string') grant.link = item.link;
  if (typeof item.language === 'string') grant.language = item.language;
  return grant;
}

/** Ends a token before it expires (the application PDF's service token once printed). */
export async function revokeToken(token: string): Promise<void> {
  await dynamoClient().send(new DeleteCommand({ TableName: config().statusTable, Key: tokenItemKey(token) }));
}

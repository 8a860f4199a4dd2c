import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { accountOf } from '#domain/ports/keys';
import type { SessionItem, StatusItem } from '#domain/ports/status';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { SK, isConditionalFailure } from './keys';

export type { SessionItem, StatusItem };

/** Logins kept in the list: enough for the welcome banner (< 3) and an audit trail, bounded. */
const MAX_LOGINS_KEPT = 50;
/** Sessions remembered as signed out; older ones have long expired (refresh token lifetime). */
const MAX_REVOKED_KEPT = 20;

const table = () => config().statusTable;

export async function readStatus(sub: string): Promise<StatusItem> {
  const out = await dynamoClient().send(new GetCommand({ TableName: table(), Key: { pk: sub, sk: SK.status }, ConsistentRead: true }));
  const item = out.Item ?? {};
  const status: StatusItem = {
    web_status: Array.isArray(item.web_status) ? (item.web_status as string[]) : [],
    successful_login: Array.isArray(item.successful_login) ? (item.successful_login as string[]) : [],
  };
  if (typeof item.last_page === 'string') status.last_page = item.last_page;
  if (typeof item.username === 'string') status.username = item.username;
  if (typeof item.language === 'string') status.language = item.language;
  return status;
}

/** The language saved on the account an application belongs to (any cycle's: the account's status item), if any (issue 41). */
export async function readSavedLanguage(application: string): Promise<string | undefined> {
  return (await readStatus(accountOf(application))).language;
}

/** Notes a sign-in; true when it is the account's first (the list held none before). */
export async function recordLogin(sub: string, username: string, at: Date = new Date()): Promise<boolean> {
  const out = await dynamoClient().send(
    new UpdateCommand({
      TableName: table(),
      Key: { pk: sub, sk: SK.status },
      // last_login, beside the list: the retention sweep's erasure is conditional on it being the one it read (adapters/retention/erasure-guard.ts).
      UpdateExpression: 'SET username = :u, successful_login = list_append(if_not_exists(successful_login, :empty), :at), last_login = :last',
      ExpressionAttributeValues: { ':u': username, ':at': [at.toISOString()], ':empty': [], ':last': at.toISOString() },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const logins: unknown = out.Attributes?.successful_login;
  const first = Array.isArray(logins) && logins.length === 1;
  if (Array.isArray(logins) && logins.length > MAX_LOGINS_KEPT) {
    // Trim the oldest entries; the count for the banner only needs "3 or more".
    const drop = logins.length - MAX_LOGINS_KEPT;
    await dynamoClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: sub, sk: SK.status },
        UpdateExpression: `REMOVE ${Array.from({ length: drop }, (_, i) => `successful_login[${i}]`).join(', ')}`,
      }),
    );
  }
  return first;
}

export async function saveLastPage(sub: string, lastPage: string): Promise<void> {
  await dynamoClient().send(
    new UpdateCommand({
      TableName: table(),
      Key: { pk: sub, sk: SK.status },
      UpdateExpression: 'SET last_page = :p',
      ExpressionAttributeValues: { ':p': lastPage },
    }),
  );
}

/**
 * The language saved on the account of application `application` (a later cycle's key reaches its
 * account's item), for what is sent outside a request (a reminder); undefined when none was chosen.
 */
export async function readLanguage(application: string): Promise<string | undefined> {
  const out = await dynamoClient().send(
    new GetCommand({
      TableName: table(),
      Key: { pk: accountOf(application), sk: SK.status },
      ProjectionExpression: '#language',
      ExpressionAttributeNames: { '#language': 'language' },
    }),
  );
  return typeof out.Item?.language === 'string' ? out.Item.language : undefined;
}

/** The applicant's chosen language, on the account's status item (`sub` is the account's, whichever application). */
export async function saveLanguage(sub: string, language: string): Promise<void> {
  await dynamoClient().send(
    new UpdateCommand({
      TableName: table(),
      Key: { pk: sub, sk: SK.status },
      UpdateExpression: 'SET #language = :l',
      ExpressionAttributeNames: { '#language': 'language' },
      ExpressionAttributeValues: { ':l': language },
    }),
  );
}

/**
 * Appends `next` (one status, or several in order) to the web_status list only if the list
 * currently has exactly `expectedLength` entries: a conditional write that keeps the status
 * moving forward in order even under concurrent requests. Returns false when the condition failed.
 */
export async function appendWebStatus(sub: string, next: string | readonly string[], expectedLength: number): Promise<boolean> {
  const entries = typeof next === 'string' ? [next] : [...next];
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: sub, sk: SK.status },
        UpdateExpression: 'SET web_status = list_append(if_not_exists(web_status, :empty), :next)',
        ConditionExpression: expectedLength === 0 ? 'attribute_not_exists(web_status) OR size(web_status) = :zero' : 'size(web_status) = :n',
        ExpressionAttributeValues:
          expectedLength === 0 ? { ':empty': [], ':next': entries, ':zero': 0 } : { ':empty': [], ':next': entries, ':n': expectedLength },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

export async function saveValidations(sub: string, problems: Record<string, string[]>, at: Date = new Date()): Promise<void> {
  await dynamoClient().send(
    new PutCommand({
      TableName: table(),
      Item: { pk: sub, sk: SK.validations, problems, updatedAt: at.toISOString() },
    }),
  );
}

export async function readSession(sub: string): Promise<SessionItem> {
  const out = await dynamoClient().send(new GetCommand({ TableName: table(), Key: { pk: sub, sk: SK.session } }));
  const item = out.Item ?? {};
  const session: SessionItem = { revoked: Array.isArray(item.revoked) ? (item.revoked as string[]) : [] };
  if (typeof item.signedOutAt === 'number') session.signedOutAt = item.signedOutAt;
  if (typeof item.closedAt === 'number') session.closedAt = item.closedAt;
  return session;
}

/** Whether the account is closed (its session record carries closedAt): read strongly consistent, for the check after a late write. */
export async function isAccountClosed(sub: string): Promise<boolean> {
  const out = await dynamoClient().send(
    new GetCommand({ TableName: table(), Key: { pk: sub, sk: SK.session }, ProjectionExpression: 'closedAt', ConsistentRead: true }),
  );
  return typeof out.Item?.closedAt === 'number';
}

/**
 * How long a container trusts a session record it has read. Every applicant request needs it,
 * and re-reading it each time doubles the database work of the hottest routes (answer saves).
 * A sign-out handled by this container takes effect at once; one handled by another container
 * (in AWS each route is its own function) within this many seconds — against the cookie being
 * cleared immediately and the access token living 15 minutes anyway.
 */
export const SESSION_CACHE_SECONDS = 5;
const sessionCache = new Map<string, { at: number; session: SessionItem }>();

export async function readSessionCached(sub: string, now: number = Date.now()): Promise<SessionItem> {
  const hit = sessionCache.get(sub);
  if (hit && now - hit.at < SESSION_CACHE_SECONDS * 1000) return hit.session;
  const session = await readSession(sub);
  if (sessionCache.size > 10_000) sessionCache.clear();
  sessionCache.set(sub, { at: now, session });
  return session;
}

/**
 * The account is being deleted: every token issued up to `at` (its second included) is refused,
 * and the record, which holds only the id, three times and an empty list (and, added after, the
 * recommendations' ids: recordClosedRecommendations), expires (the table's TTL) at `keptUntil`,
 * which the erasure chose (domain/data-rights/late-writes.ts). The domain's
 * constant is not imported here: the status store is in every applicant Lambda, the late-writes
 * rules in none of them. `closedAt` marks it closed: a sign-out writes signedOutAt
 * too, but never that. An update, not a put: it sets every attribute a session record has
 * (recordSignOut) and keeps the ids a first erasure run added, which a resumed run may no
 * longer find. This container forgets what it cached at once; others within
 * SESSION_CACHE_SECONDS.
 */
export async function recordAccountClosed(sub: string, at: Date, keptUntil: Date): Promise<void> {
  const seconds = Math.floor(at.getTime() / 1000);
  await dynamoClient().send(
    new UpdateCommand({
      TableName: table(),
      Key: { pk: sub, sk: SK.session },
      UpdateExpression: 'SET closedAt = :c, signedOutAt = :s, revoked = :none, expiresAt = :e',
      ExpressionAttributeValues: { ':c': seconds, ':s': seconds + 1, ':none': [], ':e': Math.floor(keptUntil.getTime() / 1000) },
    }),
  );
  sessionCache.delete(sub);
}

/** The attribute of a closed session record that lists the recommendations' ids (a string set). */
const CLOSED_RECOMMENDATIONS = 'recommendations';

/**
 * Adds recommendations' ids (random UUIDs, opaque) to a closed record, for the retention sweep to
 * find their letters by (domain/data-rights/leftovers.ts). Only on a closed record: it never
 * creates one, and it leaves `closedAt` as it is.
 */
export async function recordClosedRecommendations(sub: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await dynamoClient().send(
    new UpdateCommand({
      TableName: table(),
      Key: { pk: sub, sk: SK.session },
      UpdateExpression: 'ADD #ids :ids',
      ConditionExpression: 'attribute_exists(closedAt)',
      ExpressionAttributeNames: { '#ids': CLOSED_RECOMMENDATIONS },
      ExpressionAttributeValues: { ':ids': new Set(ids) },
    }),
  );
}

/** The recommendations' ids a closed record lists; none for a record that lists none, is not closed or is gone. */
export async function readClosedRecommendations(sub: string): Promise<string[]> {
  const out = await dynamoClient().send(
    new GetCommand({
      TableName: table(),
      Key: { pk: sub, sk: SK.session },
      ProjectionExpression: 'closedAt, #ids',
      ExpressionAttributeNames: { '#ids': CLOSED_RECOMMENDATIONS },
      ConsistentRead: true,
    }),
  );
  const ids: unknown = out.Item?.[CLOSED_RECOMMENDATIONS];
  if (typeof out.Item?.closedAt !== 'number' || !(ids instanceof Set)) return [];
  return [...(ids as Set<unknown>)].filter((id): id is string => typeof id === 'string').sort();
}

/** A closed account's record is left as it is: it already refuses every session, and its mark and TTL must stay. */
export async function recordSignOut(sub: string, sessionId: string | undefined, atSeconds: number): Promise<void> {
  sessionCache.delete(sub);
  const current = await readSession(sub);
  const revoked = sessionId ? [...current.revoked.filter((s) => s !== sessionId), sessionId].slice(-MAX_REVOKED_KEPT) : current.revoked;
  try {
    await dynamoClient().send(
      new PutCommand({
        TableName: table(),
        Item: { pk: sub, sk: SK.session, signedOutAt: atSeconds, revoked },
        ConditionExpression: 'attribute_not_exists(closedAt)',
      }),
    );
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
  sessionCache.delete(sub);
}

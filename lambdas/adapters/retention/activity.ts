/**
 * The accounts' last sign-ins and retention warnings, and the erased accounts' closures, read in
 * one Scan of the status table a day: only the `sk=status` items, the warnings sent and the closed
 * session records are kept, with a projection, so the sweep's memory holds a few dozen bytes per
 * account (its cost is in docs/retention.md).
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { RETENTION_WARNING_MAIL, type AccountActivity } from '#domain/ports/retention';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { SK } from '../store/keys';
import { mailSk } from '../store/mail-store';
import { allItems } from '../store/pages';

const WARNING_SK_PREFIX = `${mailSk(RETENTION_WARNING_MAIL)}#`;

const lastOf = (logins: unknown): string | undefined =>
  Array.isArray(logins)
    ? (logins as unknown[])
        .filter((l): l is string => typeof l === 'string')
        .sort()
        .at(-1)
    : undefined;
const later = (a: string | undefined, b: string): string => (a && a >= b ? a : b);

function statusItems(): AsyncIterable<Record<string, unknown>> {
  return allItems((from) =>
    dynamoClient().send(
      new ScanCommand({
        TableName: config().statusTable,
        FilterExpression: 'sk = :status OR (begins_with(sk, :warning) AND attribute_exists(sentAt)) OR (sk = :session AND attribute_exists(closedAt))',
        ProjectionExpression: 'pk, sk, successful_login, last_login, sentAt, closedAt, #language',
        ExpressionAttributeNames: { '#language': 'language' },
        ExpressionAttributeValues: { ':status': SK.status, ':warning': WARNING_SK_PREFIX, ':session': SK.session },
        ...from,
      }),
    ),
  );
}

export async function* listActivity(): AsyncIterable<AccountActivity> {
  const bySub = new Map<string, AccountActivity>();
  for await (const item of statusItems()) {
    if (typeof item.pk !== 'string') continue;
    const a = bySub.get(item.pk) ?? { sub: item.pk };
    if (item.sk === SK.status) {
      const listed = lastOf(item.successful_login);
      const last = typeof item.last_login === 'string' ? later(listed, item.last_login) : listed;
      if (last) a.lastSignInAt = last;
      if (typeof item.language === 'string') a.language = item.language;
    } else if (item.sk === SK.session) {
      // Written by the erasure alone, in seconds (store/status-store.ts recordAccountClosed).
      if (typeof item.closedAt === 'number') a.closedAt = new Date(item.closedAt * 1000).toISOString();
    } else if (typeof item.sentAt === 'string') {
      a.lastWarnedAt = later(a.lastWarnedAt, item.sentAt);
    }
    bySub.set(item.pk, a);
  }
  yield* bySub.values();
}

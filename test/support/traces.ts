/**
 * What is left of applicants in the local stack's tables and buckets: every item and object that
 * names one of their ids (the tests of a deletion expect none). The stack is the one the adapters'
 * configuration points at.
 */
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, s3Client } from '#adapters/clients';
import { isRecommendationId } from '#domain/recommendations/keys';

const TABLES = ['answers', 'status', 'tabs', 'audit'] as const;
const BUCKETS = ['uploads', 'documents', 'exports'] as const;

/**
 * The session record an erasure leaves closed until its TTL: the id, the closure's time, the
 * sign-out time that refuses every token issued before, no revoked ids, the expiry, and the
 * applicant's recommendations' random ids if they had any (a string set). Nothing else.
 */
export function isClosedSession(item: Record<string, unknown>): boolean {
  const { recommendations, ...rest } = item;
  const onlyIds =
    recommendations === undefined ||
    (recommendations instanceof Set && [...(recommendations as Set<unknown>)].every((id) => typeof id === 'string' && isRecommendationId(id)));
  return (
    item.sk === 'session' &&
    onlyIds &&
    Object.keys(rest).sort().join() === 'closedAt,expiresAt,pk,revoked,signedOutAt,sk' &&
    Array.isArray(item.revoked) &&
    item.revoked.length === 0
  );
}

/** Every item of every table and every object of every bucket that names one of `ids`, as `table:pk|sk` or `bucket:key`; closed session records aside. */
export async function traces(ids: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of TABLES) {
    let start: Record<string, unknown> | undefined;
    do {
      const out = await dynamoClient().send(new ScanCommand({ TableName: table, ExclusiveStartKey: start }));
      for (const item of out.Items ?? [])
        if (!isClosedSession(item) && ids.some((id) => JSON.stringify(item).includes(id))) found.push(`${table}:${String(item.pk)}|${String(item.sk)}`);
      start = out.LastEvaluatedKey;
    } while (start);
  }
  for (const bucket of BUCKETS) {
    let token: string | undefined;
    do {
      const out = await s3Client().send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
      for (const o of out.Contents ?? []) if (ids.some((id) => o.Key?.includes(id))) found.push(`${bucket}:${o.Key}`);
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
  }
  return found;
}

/**
 * What a refused request changed of `ids`' traces since `before`: what is gone, and what was
 * added besides duplicate pairs. The integration files share one stack, so another file's
 * applicant who submits meanwhile with the same fixture name and birth date adds a pair naming
 * these ids; that is the only change a "nothing written" assertion may see.
 */
export async function tracesChangedSince(ids: readonly string[], before: readonly string[]): Promise<{ gone: string[]; added: string[] }> {
  const after = await traces(ids);
  return {
    gone: before.filter((key) => !after.includes(key)),
    added: after.filter((key) => !before.includes(key) && !key.startsWith('status:duplicates#')),
  };
}

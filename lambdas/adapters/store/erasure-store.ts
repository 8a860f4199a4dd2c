/**
 * The tables as the erasure sees them (domain/data-rights/erasure.ts): an applicant's partitions
 * read whole and deleted item by item, the items keyed elsewhere that belong to them, and the
 * marker of a deletion in progress (status table, pk=erasure#<sub> sk=erasure: out of the
 * applicant's partition, which the sign-in's grants reach). The applicant's status items are their
 * partition and that of their recommendation records (pk=recommendations#<sub>).
 *
 * Items keyed elsewhere, by table:
 *   answers  reference#<code> / reference           the reference's reservation (only if it is this sub's)
 *            notes#<application> / note#<id>         the office's notes on each of the account's applications
 *   status   rec#<id> / rec, rectoken#<hash> / token, rec-due#<day> / <sub>#<id>   each recommendation's pointers
 *            (a token's for every hash the record lists as issued, live or not)
 *            rate#<scope>#<sub> / <window>           the applicant's counters (invitations, data exports)
 *            rate#letter-uploads#<id> / <window>     each recommendation's upload grants
 *            messages#<application> / mailing#<id>   the messages it received; mailing#<id> / to#<application> its send-ledger rows
 * Service tokens (token#<hash>, 5 minutes) are not listed anywhere the applicant's items point
 * to: their TTL removes them (docs/data-rights.md).
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ErasableTable, ErasureMarker, ErasureTables, FindRelatedItems, ItemKey, RelatedItem, StoredItem } from '#domain/ports/erasure';
import { APPLICANT_RATE_SCOPES, LETTER_UPLOADS_SCOPE } from '#domain/ports/recommendations';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { uncountApplication } from './dashboard-counters';
import { duplicateItemsOf } from './duplicates-store';
import {
  CHECKOUT_ATTRIBUTES,
  READING_ATTRIBUTES,
  SK,
  conditional,
  erasureMarkerKey,
  isConditionalFailure,
  notesPk,
  ratePk,
  readingPk,
  recommendationsPk,
  referencePk,
} from './keys';
import { messageItemsOf } from './messages-store';
import { readAllItems } from './pages';
import { duePk, idPk, tokenPk } from './recommendations-store';
import { readClosedRecommendations, recordAccountClosed, recordClosedRecommendations } from './status-store';

function tableName(table: ErasableTable): string {
  const c = config();
  return { answers: c.answersTable, status: c.statusTable, tabs: c.tabsTable }[table];
}

async function partition(table: ErasableTable, pk: string): Promise<StoredItem[]> {
  return readAllItems(
    (from) =>
      dynamoClient().send(
        new QueryCommand({
          TableName: tableName(table),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': pk },
          ConsistentRead: true,
          ...from,
        }),
      ),
    (item) => item as StoredItem,
  );
}

/** The applicant's own items of a table: in the status table, their partition and that of their recommendation records. */
async function ownPartition(table: ErasableTable, sub: string): Promise<StoredItem[]> {
  if (table !== 'status') return partition(table, sub);
  const [own, recommendations] = await Promise.all([partition(table, sub), partition(table, recommendationsPk(sub))]);
  return [...own, ...recommendations];
}

/** A recommendation record only while it is at the version the erasure listed: false when a write changed it (or it is gone). */
async function deleteAtVersion(table: ErasableTable, key: ItemKey, version: number): Promise<boolean> {
  const deleted = await conditional(() =>
    dynamoClient().send(
      new DeleteCommand({
        TableName: tableName(table),
        Key: { pk: key.pk, sk: key.sk },
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': version },
      }),
    ),
  );
  return deleted !== undefined;
}

async function deleteItem(table: ErasableTable, key: ItemKey): Promise<void> {
  // The dashboard's counts of the application go first: the item remembers what it counts for.
  if (table === 'answers' && key.sk === SK.answers) await uncountApplication(key.pk);
  await dynamoClient().send(new DeleteCommand({ TableName: tableName(table), Key: { pk: key.pk, sk: key.sk } }));
}

const markerKey = (sub: string) => erasureMarkerKey(sub);
/**
 * Where the marker was kept until it left the applicant's partition (#42.9): an erasure begun
 * before that release and not finished left it there. For one release the erasure's own paths
 * read it too (`readMarkerMoving`), so such an erasure resumes from it; then this goes.
 */
const legacyMarkerKey = (sub: string) => ({ pk: sub, sk: 'erasure' });

function markerOf(item: Record<string, unknown> | undefined): ErasureMarker | undefined {
  if (!item || typeof item.sub !== 'string' || typeof item.startedAt !== 'string') return undefined;
  const cause = item.cause === 'office' || item.cause === 'retention' ? item.cause : 'applicant';
  return {
    sub: item.sub,
    cause,
    startedAt: item.startedAt,
    ...(typeof item.reference === 'string' ? { reference: item.reference } : {}),
    ...(typeof item.cycle === 'string' ? { cycle: item.cycle } : {}),
  };
}

async function readMarkerAt(key: { pk: string; sk: string }): Promise<ErasureMarker | undefined> {
  const out = await dynamoClient().send(new GetCommand({ TableName: config().statusTable, Key: key, ConsistentRead: true }));
  return markerOf(out.Item);
}

/** The marker of a deletion in progress, at its key (what an event function's check of a late write reads). */
export const readErasureMarker = (sub: string): Promise<ErasureMarker | undefined> => readMarkerAt(markerKey(sub));

/**
 * The marker, or one at its old key moved to the new (written there as the first run wrote it),
 * so the run that found it resumes from it; the old item is the applicant's own from then on and
 * goes with their partition. One more read only when there is no marker at the new key.
 */
async function readMarkerMoving(sub: string): Promise<ErasureMarker | undefined> {
  const current = await readErasureMarker(sub);
  if (current) return current;
  const legacy = await readMarkerAt(legacyMarkerKey(sub));
  return legacy ? startMarker(legacy) : undefined;
}

async function startMarker(marker: ErasureMarker): Promise<ErasureMarker> {
  try {
    await dynamoClient().send(
      new PutCommand({ TableName: config().statusTable, Item: { ...markerKey(marker.sub), ...marker }, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
    return marker;
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
    // Another run wrote it first: its marker holds.
    return (await readErasureMarker(marker.sub)) ?? marker;
  }
}

/** The tables as every path of the deletion sees them (closing an account, the office's erasure, the retention function). */
export const erasureTables: ErasureTables = {
  partition: ownPartition,
  deleteItem,
  deleteAtVersion,
  readMarker: readMarkerMoving,
  startMarker,
  deleteMarker: (sub) => deleteItem('status', markerKey(sub)),
  closeSessions: recordAccountClosed,
  keepRecommendations: recordClosedRecommendations,
  closedRecommendations: readClosedRecommendations,
};

interface RecordShape {
  id?: unknown;
  expiresAt?: unknown;
  tokenHashes?: unknown;
  issuedTokenHashes?: unknown;
}

/** The pointers of each recommendation record in the status partition (recommendations-store.ts). */
function recommendationPointers(sub: string, status: readonly StoredItem[]): RelatedItem[] {
  return status.flatMap((item) => {
    const rec = item.rec as RecordShape | undefined;
    if (!rec || typeof rec.id !== 'string') return [];
    const keys: ItemKey[] = [{ pk: idPk(rec.id), sk: 'rec' }];
    if (typeof rec.expiresAt === 'string') keys.push({ pk: duePk(rec.expiresAt.slice(0, 10)), sk: `${sub}#${rec.id}` });
    // Every link it made findable, the dropped ones too (cancelled, expired, beyond the live
    // ceiling): their pointers name the applicant all the same. A record written before
    // `issuedTokenHashes` was kept lists only its live ones.
    const listed: unknown[] = [rec.issuedTokenHashes, rec.tokenHashes].flatMap((list): unknown[] => (Array.isArray(list) ? list : []));
    for (const hash of new Set(listed)) if (typeof hash === 'string') keys.push({ pk: tokenPk(hash), sk: SK.token });
    return keys.map((key) => ({ table: 'status' as const, key }));
  });
}

export const findRelatedItems: FindRelatedItems = async (sub, own) => {
  const related = recommendationPointers(sub, own.status);
  // Each recommendation's counter of upload grants (keyed by its id).
  for (const item of own.status) {
    const id = (item.rec as RecordShape | undefined)?.id;
    if (typeof id !== 'string') continue;
    for (const counter of await partition('status', ratePk(LETTER_UPLOADS_SCOPE, id)))
      related.push({ table: 'status', key: { pk: counter.pk, sk: counter.sk } });
  }
  const references = new Set(own.answers.map((i) => i.reference).filter((r): r is string => typeof r === 'string' && r !== ''));
  for (const reference of references) {
    // Deleted only if it is this applicant's: a reference is never given to two.
    for (const item of await partition('answers', referencePk(reference)))
      if (item.sub === sub) related.push({ table: 'answers', key: { pk: item.pk, sk: item.sk } });
  }
  // The office's notes on the application (notes-store.ts): keyed by its id, whichever application of the account it is.
  for (const item of await partition('answers', notesPk(sub))) related.push({ table: 'answers', key: { pk: item.pk, sk: item.sk } });
  for (const scope of APPLICANT_RATE_SCOPES) {
    for (const item of await partition('status', ratePk(scope, sub))) related.push({ table: 'status', key: { pk: item.pk, sk: item.sk } });
  }
  // Its duplicate flags, on both sides, and the values it is filed under (domain/duplicates/).
  for (const key of await duplicateItemsOf(sub)) related.push({ table: 'status', key });
  // The reading's pointers to it (reading-store.ts): its readers' shelves, the open pool, the committee, a checkout.
  related.push(...(await readingPointersTo(own.answers)));
  // The messages it received and its row in each mailing's send ledger (messages-store.ts).
  for (const key of await messageItemsOf(sub)) related.push({ table: 'status', key });
  return related;
};

/**
 * The reading's pointers to an application: each in a shelf's partition (`reading#…`) under the
 * application's `<submittedAt>#<id>`; the shelves it can be on follow from its answers item (its
 * readers, the checkout's holder). Only those there are listed, so the counts stay true.
 */
async function readingPointersTo(answers: readonly StoredItem[]): Promise<RelatedItem[]> {
  const item = answers.find((i) => i.sk === SK.answers);
  if (!item || typeof item.submittedAt !== 'string') return [];
  const sk = `${item.submittedAt}#${item.pk}`;
  const readers = item[READING_ATTRIBUTES.readers];
  const holder = item[CHECKOUT_ATTRIBUTES.by];
  const shelves = [
    ...(readers instanceof Set ? [...readers].filter((r): r is string => typeof r === 'string').map((r) => readingPk(`reader#${r}`)) : []),
    readingPk('open'),
    readingPk('committee'),
    ...(typeof holder === 'string' ? [readingPk(`checkout#${holder}`)] : []),
  ];
  const found = await Promise.all(
    shelves.map(async (pk) => {
      const out = await dynamoClient().send(new GetCommand({ TableName: config().statusTable, Key: { pk, sk }, ProjectionExpression: 'pk' }));
      return out.Item ? [{ table: 'status' as const, key: { pk, sk } }] : [];
    }),
  );
  return found.flat();
}

/**
 * Deleting an applicant: one use-case for the applicant closing their account, the office
 * erasing a submitted application and (later) the retention sweep.
 *
 * Resumable and idempotent. The marker is written first and deleted last; in between every step
 * deletes what it finds and succeeds when it finds nothing, and the applicant's own partitions,
 * which say where everything else is, are deleted after what they point to (objects, pointers,
 * counters) and before the identity. A run that stops anywhere leaves the marker, and the next
 * run, from whichever caller, finds what is left and finishes.
 *
 * Right after the marker the applicant's sessions are closed: a copied access token, which
 * verifies by its signature alone until it expires, is refused from then on, so no request can
 * write anything back during or after the deletion. That record is the one item kept (with the
 * recommendations' random ids, for the retention sweep: leftovers.ts). Nothing is
 * listed before it is closed, so an event function's write (a conversion, a PDF render) is
 * either listed here or taken back by the function itself (late-writes.ts).
 */
import { applicationPdfKey } from '../documents/keys';
import {
  ERASABLE_TABLES,
  type ErasableBucket,
  type ErasableTable,
  type ErasureCause,
  type ErasureMarker,
  type ErasurePorts,
  type StoredItem,
} from '../ports/erasure';
import { ANSWERS_ITEM_SK, APPLICATIONS_ITEM_SK, SESSION_ITEM_SK, accountOf } from '../ports/keys';
import { LETTER_PREFIX, isRecommendationId } from '../recommendations/keys';
import { decisionLetterPrefix } from '../releases/keys';
import { CLOSED_SESSION_KEPT_SECONDS } from './late-writes';

/** Where the applicant's copies of their data are built (exports bucket; the bucket expires them after a day too). */
export const dataExportPrefix = (sub: string): string => `data-exports/${sub}/`;

export interface ErasureReport {
  /** Items deleted from the tables (the marker not counted). */
  items: number;
  objects: number;
  /** True when this run found a marker: it finished a deletion started before. */
  resumed: boolean;
  /** The application's reference, when it had one (kept on the marker, so a resumed run knows it too). */
  reference?: string;
  /** The cycle the account's first application was submitted in, when it was (kept on the marker too). */
  cycle?: string;
}

export type OwnItems = Record<ErasableTable, StoredItem[]>;

/**
 * The applicant's items in the three tables, but the closed session record, which stays until its
 * TTL (see above). The marker is in a partition of its own (ports/keys.ts, erasureMarkerKey) and
 * goes last.
 */
export async function ownItems(ports: Pick<ErasurePorts, 'tables'>, sub: string): Promise<OwnItems> {
  const [answers, status, tabs] = await Promise.all(ERASABLE_TABLES.map((t) => ports.tables.partition(t, sub)));
  return { answers: answers ?? [], status: (status ?? []).filter((i) => i.sk !== SESSION_ITEM_SK), tabs: tabs ?? [] };
}

/** The keys of the account's applications after its first, from its list (the status item sk=applications). */
function laterApplicationsOf(status: readonly StoredItem[], sub: string): string[] {
  const list = status.find((i) => i.sk === APPLICATIONS_ITEM_SK)?.applications;
  if (!Array.isArray(list)) return [];
  return list.flatMap((a: { key?: unknown }) => (typeof a.key === 'string' && a.key !== sub && accountOf(a.key) === sub ? [a.key] : []));
}

/**
 * The recommendations' ids, from their records in the status partition (attribute `rec`): random
 * UUIDs, and only those, as they are kept on the closed session record (which holds nothing else
 * of the applicant).
 */
function recommendationIds(own: OwnItems): string[] {
  return own.status.flatMap((item) => {
    const rec = item.rec as { id?: unknown } | undefined;
    return rec && typeof rec.id === 'string' && isRecommendationId(rec.id) ? [rec.id] : [];
  });
}

/**
 * Where the applicant's objects live (domain/documents/keys.ts and recommendations/keys.ts):
 * uploads and converted documents under the applicant's id, the application PDF, the copies of
 * their data they downloaded, the letters of their released decisions (releases/keys.ts), and
 * each recommendation's letter under its id in both buckets.
 */
export function objectPrefixes(sub: string, recommendations: readonly string[]): Array<{ bucket: ErasableBucket; prefix: string }> {
  const pdf = applicationPdfKey(sub);
  return [
    { bucket: 'uploads', prefix: `uploads/${sub}/` },
    { bucket: 'documents', prefix: `converted/${sub}/` },
    { bucket: 'documents', prefix: pdf.slice(0, pdf.lastIndexOf('/') + 1) },
    { bucket: 'exports', prefix: dataExportPrefix(sub) },
    { bucket: 'documents', prefix: decisionLetterPrefix(sub) },
    ...recommendations.flatMap((id) => (['uploads', 'documents'] as const).map((bucket) => ({ bucket, prefix: `${LETTER_PREFIX}${id}/` }))),
  ];
}

/** What deleteApplicantData deleted (or, in a dry run, would delete). */
export interface DeletedCounts {
  items: number;
  objects: number;
}

/**
 * The applicant's objects, the items keyed elsewhere and then the applicant's own items, found
 * from `own` (read after the closure): the middle of the deletion, shared with the pass that
 * removes a killed late writer's leftovers (leftovers.ts), which also names the recommendations
 * whose records are gone (`recommendations`, from the closed session record). A dry run counts
 * and deletes nothing.
 */
export async function deleteApplicantData(
  ports: Pick<ErasurePorts, 'tables' | 'related' | 'objects'>,
  sub: string,
  own: OwnItems,
  options: { dryRun?: boolean; recommendations?: readonly string[] } = {},
): Promise<DeletedCounts> {
  let counts: DeletedCounts = { items: 0, objects: 0 };
  let listed = own;
  for (let pass = 1; ; pass++) {
    const { items, objects, changed } = await deletePass(ports, sub, listed, options);
    counts = { items: counts.items + items, objects: counts.objects + objects };
    if (!changed) return counts;
    // A recommendation record changed after the listing (a reminder's new link, a letter's
    // conversion): listed again, what it now points to goes before it. A record is changed only
    // by a write that read it, and the account's sessions are closed, so this ends; a run that
    // still finds it changing stops here, and its marker has the next run finish.
    if (pass >= MAX_PASSES) throw new Error(`the recommendations of ${sub} kept changing while it was erased`);
    listed = await ownItems(ports, sub);
  }
}

/** Listings one run takes at most when recommendation records keep changing under it (each pass lists again). */
const MAX_PASSES = 5;

/** A recommendation record (attribute `rec`) and the version it was listed at: deleted only at that version. */
function versionOf(item: StoredItem): number | undefined {
  return item.rec !== undefined && typeof item.version === 'number' ? item.version : undefined;
}

/** One pass of deleteApplicantData over what was listed; `changed`: a record was not at its listed version, and is left for the next pass. */
async function deletePass(
  ports: Pick<ErasurePorts, 'tables' | 'related' | 'objects'>,
  sub: string,
  own: OwnItems,
  options: { dryRun?: boolean; recommendations?: readonly string[] },
): Promise<DeletedCounts & { changed: boolean }> {
  const dryRun = options.dryRun === true;
  const recommendations = [...new Set([...recommendationIds(own), ...(options.recommendations ?? [])])];
  let objects = 0;
  for (const { bucket, prefix } of objectPrefixes(sub, recommendations)) {
    for (const key of await ports.objects.list(bucket, prefix)) {
      if (!dryRun) await ports.objects.delete(bucket, key);
      objects++;
    }
  }

  let items = 0;
  let changed = false;
  for (const { table, key } of await ports.related(sub, own)) {
    if (!dryRun) await ports.tables.deleteItem(table, key);
    items++;
  }
  for (const table of ERASABLE_TABLES) {
    // The answers item last: it holds the reference the next run would need.
    const ordered = [...own[table]].sort((a, b) => Number(a.sk === 'answers') - Number(b.sk === 'answers'));
    // Each item as the port listed it: the applicant's, whichever partition the adapter keeps it in.
    for (const item of ordered) {
      const key = { pk: item.pk, sk: item.sk };
      const version = versionOf(item);
      if (dryRun) items++;
      else if (version === undefined) {
        await ports.tables.deleteItem(table, key);
        items++;
      } else if (await ports.tables.deleteAtVersion(table, key, version)) items++;
      else changed = true;
    }
  }
  return { items, objects, changed };
}

/**
 * Deletes everything of the applicant `sub`: objects, the items keyed elsewhere, the applicant's
 * partitions of the three tables (their session record aside, closed), the identity, then the marker. The audit table is the office's
 * record and is not touched (the office's erasure adds its own record before calling this).
 */
export async function eraseApplicant(ports: ErasurePorts, application: string, cause: ErasureCause): Promise<ErasureReport> {
  // The account whole, whichever of its applications is named (the office names one): a person's
  // erasure leaves none of their applications behind.
  const sub = accountOf(application);
  const found = await ports.tables.readMarker(sub);
  const answers = found ? undefined : (await ports.tables.partition('answers', sub)).find((i) => i.sk === ANSWERS_ITEM_SK);
  const kept = { reference: answers?.reference, cycle: answers?.cycle };
  const marker: ErasureMarker =
    found ??
    (await ports.tables.startMarker({
      sub,
      cause,
      startedAt: ports.now().toISOString(),
      ...(typeof kept.reference === 'string' ? { reference: kept.reference } : {}),
      ...(typeof kept.cycle === 'string' ? { cycle: kept.cycle } : {}),
    }));
  const closedAt = ports.now();
  await ports.tables.closeSessions(sub, closedAt, new Date(closedAt.getTime() + CLOSED_SESSION_KEPT_SECONDS * 1000));
  // Everything is listed after the closure: an event function that writes later finds the
  // account closed and takes its write back (late-writes.ts); one that wrote earlier is listed here.
  let own = await ownItems(ports, sub);
  // A reference the first run saw, its answers item gone since: its reservation is still deleted.
  if (marker.reference && !own.answers.some((i) => i.reference === marker.reference)) {
    own = { ...own, answers: [...own.answers, { pk: sub, sk: 'answers', reference: marker.reference }] };
  }

  // The recommendations' ids go on the closed record before anything is deleted, so a run
  // stopped after deleting their records still leaves them named: a letter conversion killed
  // between its PDF and its check leaves that PDF under recommendations/<id>/, and nothing else
  // ties the id to this applicant once the records are gone (leftovers.ts). The record stays
  // closed throughout: the update only adds the ids, so a late writer's check still reads it closed.
  // The account's later applications (issue 37), each in partitions of its own, listed in the
  // account's partition, which goes last: a run stopped midway still finds them from there.
  const later = await Promise.all(laterApplicationsOf(own.status, sub).map(async (key) => ({ key, own: await ownItems(ports, key) })));
  const recommendations = [own, ...later.map((l) => l.own)].flatMap(recommendationIds);
  if (recommendations.length > 0) await ports.tables.keepRecommendations(sub, recommendations);

  let items = 0;
  let objects = 0;
  for (const application of [...later, { key: sub, own }]) {
    const deleted = await deleteApplicantData(ports, application.key, application.own);
    items += deleted.items;
    objects += deleted.objects;
  }

  await ports.deleteIdentity(sub);
  await ports.tables.deleteMarker(sub);
  return {
    items,
    objects,
    resumed: found !== undefined,
    ...(marker.reference ? { reference: marker.reference } : {}),
    ...(marker.cycle ? { cycle: marker.cycle } : {}),
  };
}

/**
 * What deleting an applicant needs (domain/data-rights/erasure.ts): the tables read by
 * partition and deleted item by item, the buckets listed by prefix, the identity provider's
 * user, and the marker that makes a deletion resumable. Adapters: adapters/store/erasure-store.ts,
 * adapters/storage/objects.ts, adapters/identity.
 */

/** The tables that hold an applicant's items (the audit table is the office's and is never erased). */
export const ERASABLE_TABLES = ['answers', 'status', 'tabs'] as const;
export type ErasableTable = (typeof ERASABLE_TABLES)[number];

/** The buckets that hold an applicant's objects (the exports bucket: their own copies of their data). */
export type ErasableBucket = 'uploads' | 'documents' | 'exports';

export interface ItemKey {
  pk: string;
  sk: string;
}

/** An item as stored: its keys and whatever attributes it has. */
export type StoredItem = ItemKey & Record<string, unknown>;

/** Who asked for the deletion. */
export type ErasureCause = 'applicant' | 'office' | 'retention';

/**
 * Written first (status table, pk=<sub> sk=erasure) and deleted last: while it exists, a
 * deletion was started and not finished, and the next run finishes it. It holds nothing personal.
 */
export interface ErasureMarker {
  sub: string;
  cause: ErasureCause;
  startedAt: string;
  /** The application's reference, read before the answers item goes (its reservation is deleted by it). */
  reference?: string;
  /** The cycle the first application was submitted in, read with the reference (the erasure's event names it). */
  cycle?: string;
}

export interface ErasureTables {
  /**
   * Every item the applicant keeps under their id (`pk`) in one table, all pages, strongly
   * consistent: in the status table their recommendation records too, which the adapter keeps
   * in a partition of their own (adapters/store/keys.ts).
   */
  partition(table: ErasableTable, pk: string): Promise<StoredItem[]>;
  /** Idempotent: deleting a missing item succeeds. */
  deleteItem(table: ErasableTable, key: ItemKey): Promise<void>;
  /**
   * Deletes a versioned item (a recommendation record, `version`) only while it is still at
   * `version`; false, nothing deleted, when a write changed it since it was listed or it is gone.
   * A record lists items keyed elsewhere (its link pointers) that a write may add to: deleting
   * it by key would lose the pointer a write after the listing added.
   */
  deleteAtVersion(table: ErasableTable, key: ItemKey, version: number): Promise<boolean>;
  readMarker(sub: string): Promise<ErasureMarker | undefined>;
  /** Writes the marker unless one exists; answers the marker that holds (the first run's). */
  startMarker(marker: ErasureMarker): Promise<ErasureMarker>;
  deleteMarker(sub: string): Promise<void>;
  /**
   * Writes the applicant's session record (SESSION_ITEM_SK) closed (`closedAt`, which nothing but
   * an erasure writes) and signed out everywhere at `at`:
   * an access token issued before, copied or not, is refused from then on (domain/session.ts),
   * though its signature still verifies until it expires, so nothing can be written back while
   * or after the rest is deleted. The record holds only the id and three times (and, once the
   * erasure has listed them, the recommendations' ids), and the table's
   * TTL removes it at `keptUntil`, once no such token can be alive and the retention sweep has
   * looked for a killed late writer's leftovers (CLOSED_SESSION_KEPT_SECONDS). Idempotent; a
   * second run's closure keeps the recommendations' ids a first run added (below).
   */
  closeSessions(sub: string, at: Date, keptUntil: Date): Promise<void>;
  /**
   * Adds the applicant's recommendations' ids (random, opaque) to the closed session record, which
   * must be closed already: the retention sweep finds by them a letter's PDF a conversion killed
   * before its check left under `recommendations/<id>/`, once nothing else names those ids. A set:
   * a resumed run adds what it lists again, and keeps what the first run added.
   */
  keepRecommendations(sub: string, ids: readonly string[]): Promise<void>;
  /** The recommendations' ids the closed session record holds (none when it holds none or is gone), strongly consistent. */
  closedRecommendations(sub: string): Promise<string[]>;
}

export interface ErasureObjects {
  /** Every key under a prefix. */
  list(bucket: ErasableBucket, prefix: string): Promise<string[]>;
  /** Idempotent: deleting a missing object succeeds. */
  delete(bucket: ErasableBucket, key: string): Promise<void>;
}

/** Deletes the applicant's user from the identity provider; succeeds when it is already gone. */
export type DeleteIdentity = (sub: string) => Promise<void>;

export interface ErasurePorts {
  tables: ErasureTables;
  related: FindRelatedItems;
  objects: ErasureObjects;
  deleteIdentity: DeleteIdentity;
  now: () => Date;
}

/** An item of another partition that belongs to the applicant (a pointer, a counter, a reservation). */
export interface RelatedItem {
  table: ErasableTable;
  key: ItemKey;
}

/**
 * The items keyed elsewhere that belong to the applicant, found from the applicant's own items
 * (the key schemes are the adapters'): recommendation pointers by id, link token and due day, the
 * reference's reservation, the applicant's rate counters.
 */
export type FindRelatedItems = (sub: string, own: Readonly<Record<ErasableTable, readonly StoredItem[]>>) => Promise<RelatedItem[]>;

/**
 * What an event function that writes for an applicant outside any request (a document's
 * conversion, the application PDF's render) needs to take its writes back when the applicant's
 * account was closed meanwhile (domain/data-rights/late-writes.ts). Both reads are strongly
 * consistent: the check must see a closure that happened before it.
 */
export interface LateWritePorts {
  /** Whether the applicant's session record is closed (`closedAt`): kept two days and more after an erasure (CLOSED_SESSION_KEPT_SECONDS). */
  sessionClosed(sub: string): Promise<boolean>;
  readMarker: ErasureTables['readMarker'];
  deleteItem: ErasureTables['deleteItem'];
  deleteObject: ErasureObjects['delete'];
}

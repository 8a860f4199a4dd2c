/** The erasure's world in memory (three tables, three buckets, identities) for the unit tests of the deletion and of the retention sweep's leftovers pass. */
import {
  ERASABLE_TABLES,
  type ErasableBucket,
  type ErasableTable,
  type ErasureMarker,
  type ErasurePorts,
  type ItemKey,
  type LateWritePorts,
  type StoredItem,
} from '../ports/erasure';
import { SESSION_ITEM_SK, erasureMarkerKey } from '../ports/keys';
import { isRecommendationId } from '../recommendations/keys';

export const SUB = '11111111-2222-3333-4444-555555555555';
export const OTHER = '99999999-2222-3333-4444-555555555555';
export const REC = 'aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee';

/** Where the memory world keeps the marker of `sub`'s erasure (its table's `pk|sk`), as the adapter does. */
export function markerRow(sub: string): string {
  const key = erasureMarkerKey(sub);
  return `${key.pk}|${key.sk}`;
}

/** The three tables and the buckets in memory, with a fault that can be armed to strike once after n calls. */
export class MemoryWorld {
  readonly tables: Record<ErasableTable, Map<string, StoredItem>> = { answers: new Map(), status: new Map(), tabs: new Map() };
  readonly buckets: Record<ErasableBucket, Set<string>> = { uploads: new Set(), documents: new Set(), exports: new Set() };
  readonly identities = new Set<string>();
  /** Deletions (items and objects) left before the armed fault throws; undefined: none armed. */
  faultAfter: number | undefined;

  put(table: ErasableTable, item: StoredItem) {
    this.tables[table].set(`${item.pk}|${item.sk}`, item);
  }

  private tick() {
    if (this.faultAfter === undefined) return;
    if (this.faultAfter-- <= 0) {
      this.faultAfter = undefined;
      throw new Error('injected fault: the store is unavailable');
    }
  }

  ports(): ErasurePorts {
    return {
      tables: {
        partition: (table, pk) => Promise.resolve([...this.tables[table].values()].filter((i) => i.pk === pk).map((i) => ({ ...i }))),
        deleteItem: (table, key: ItemKey) => {
          this.tick();
          this.tables[table].delete(`${key.pk}|${key.sk}`);
          return Promise.resolve();
        },
        readMarker: (sub) => Promise.resolve(this.tables.status.get(markerRow(sub)) as unknown as ErasureMarker | undefined),
        startMarker: (marker) => {
          const key = markerRow(marker.sub);
          if (!this.tables.status.has(key)) this.tables.status.set(key, { ...erasureMarkerKey(marker.sub), ...marker });
          return Promise.resolve(this.tables.status.get(key) as unknown as ErasureMarker);
        },
        deleteMarker: (sub) => {
          this.tables.status.delete(markerRow(sub));
          return Promise.resolve();
        },
        closeSessions: (sub, at, keptUntil) => {
          const seconds = Math.floor(at.getTime() / 1000);
          // As the adapter's update: the ids a first run kept stay.
          const kept = this.tables.status.get(`${sub}|${SESSION_ITEM_SK}`)?.recommendations;
          this.put('status', {
            pk: sub,
            sk: SESSION_ITEM_SK,
            closedAt: seconds,
            signedOutAt: seconds + 1,
            revoked: [],
            expiresAt: Math.floor(keptUntil.getTime() / 1000),
            ...(Array.isArray(kept) ? { recommendations: kept } : {}),
          });
          return Promise.resolve();
        },
        keepRecommendations: (sub, ids) => {
          const record = this.tables.status.get(`${sub}|${SESSION_ITEM_SK}`);
          if (typeof record?.closedAt !== 'number') return Promise.reject(new Error('the session record is not closed'));
          const kept = Array.isArray(record.recommendations) ? (record.recommendations as string[]) : [];
          this.put('status', { ...record, recommendations: [...new Set([...kept, ...ids])].sort() });
          return Promise.resolve();
        },
        closedRecommendations: (sub) => {
          const kept = this.tables.status.get(`${sub}|${SESSION_ITEM_SK}`)?.recommendations;
          return Promise.resolve(Array.isArray(kept) ? [...(kept as string[])] : []);
        },
      },
      related: (sub, own) => {
        // The same rules as the adapter: recommendation pointers, the reference's reservation.
        const out: Array<{ table: ErasableTable; key: ItemKey }> = [];
        for (const item of own.status) {
          const rec = item.rec as { id: string; tokenHashes: string[] } | undefined;
          if (rec)
            out.push(
              { table: 'status', key: { pk: `rec#${rec.id}`, sk: 'rec' } },
              ...rec.tokenHashes.map((h) => ({ table: 'status' as const, key: { pk: `rectoken#${h}`, sk: 'token' } })),
            );
        }
        for (const item of own.answers)
          if (typeof item.reference === 'string') out.push({ table: 'answers', key: { pk: `reference#${item.reference}`, sk: 'reference' } });
        return Promise.resolve(
          out.filter((r) => this.tables[r.table].has(`${r.key.pk}|${r.key.sk}`) && this.tables[r.table].get(`${r.key.pk}|${r.key.sk}`)?.sub === sub),
        );
      },
      objects: {
        list: (bucket, prefix) => Promise.resolve([...this.buckets[bucket]].filter((k) => k.startsWith(prefix))),
        delete: (bucket, key) => {
          this.tick();
          this.buckets[bucket].delete(key);
          return Promise.resolve();
        },
      },
      deleteIdentity: (sub) => {
        this.identities.delete(sub);
        return Promise.resolve();
      },
      now: () => new Date('2026-11-25T12:00:00Z'),
    };
  }

  /** The applicant's session record once closed by an erasure: only the id, times and recommendations' ids (checked in its own test). */
  closedSession(sub: string): StoredItem | undefined {
    const item = this.tables.status.get(`${sub}|${SESSION_ITEM_SK}`);
    if (!item) return undefined;
    const { recommendations, ...rest } = item;
    const onlyIds =
      recommendations === undefined || (Array.isArray(recommendations) && recommendations.every((id) => typeof id === 'string' && isRecommendationId(id)));
    return onlyIds && Object.keys(rest).sort().join() === 'closedAt,expiresAt,pk,revoked,signedOutAt,sk' ? item : undefined;
  }

  /** What an event function takes its writes back with, over the same tables and buckets. */
  latePorts(): LateWritePorts {
    const ports = this.ports();
    return {
      sessionClosed: (sub) => Promise.resolve(typeof this.tables.status.get(`${sub}|${SESSION_ITEM_SK}`)?.closedAt === 'number'),
      readMarker: (sub) => ports.tables.readMarker(sub),
      deleteItem: (table, key) => ports.tables.deleteItem(table, key),
      deleteObject: (bucket, key) => ports.objects.delete(bucket, key),
    };
  }

  /** Everything that names `sub` (or its recommendations' ids) in its keys or attributes, its closed session record aside. */
  traces(sub: string): string[] {
    const ids = [sub, ...(sub === SUB ? [REC] : [])];
    const out: string[] = [];
    const closed = this.closedSession(sub);
    for (const table of ERASABLE_TABLES)
      for (const [key, item] of this.tables[table]) if (item !== closed && JSON.stringify(item).includes(sub)) out.push(`${table}:${key}`);
    for (const [bucket, keys] of Object.entries(this.buckets)) for (const key of keys) if (ids.some((id) => key.includes(id))) out.push(`${bucket}:${key}`);
    if (this.identities.has(sub)) out.push(`identity:${sub}`);
    return out;
  }
}

export function applicant(world: MemoryWorld, sub: string, options: { submitted?: boolean; rec?: string } = {}) {
  world.identities.add(sub);
  world.put('answers', {
    pk: sub,
    sk: 'answers',
    a_first_name: 'Ada',
    ...(options.submitted ? { submittedAt: '2026-11-01T00:00:00Z', reference: `R${sub.slice(0, 7)}` } : {}),
  });
  if (options.submitted) world.put('answers', { pk: `reference#R${sub.slice(0, 7)}`, sk: 'reference', sub });
  world.put('answers', { pk: sub, sk: 'document#transcript', converted_key: `converted/${sub}/transcript/1.pdf` });
  world.put('answers', { pk: sub, sk: 'decision', decision: 'admit' });
  world.put('status', { pk: sub, sk: 'status', web_status: ['ACCOUNT_CREATED'] });
  world.put('status', { pk: sub, sk: 'session', revoked: [] });
  world.put('status', { pk: sub, sk: 'activity#s1', seenAt: 1 });
  world.put('tabs', { pk: sub, sk: 'tab#school', value: 'us' });
  world.buckets.uploads.add(`uploads/${sub}/transcript/1`);
  world.buckets.documents.add(`converted/${sub}/transcript/1.pdf`);
  world.buckets.documents.add(`applications/${sub}/application.pdf`);
  world.buckets.exports.add(`data-exports/${sub}/x.zip`);
  world.buckets.documents.add(`decision-letters/${sub}/release-1.pdf`);
  if (options.rec) {
    world.put('status', { pk: sub, sk: `rec#${options.rec}`, rec: { id: options.rec, tokenHashes: ['h1'] }, version: 1 });
    world.put('status', { pk: `rec#${options.rec}`, sk: 'rec', sub });
    world.put('status', { pk: 'rectoken#h1', sk: 'token', sub, id: options.rec });
    world.buckets.documents.add(`recommendations/${options.rec}/1.pdf`);
  }
}

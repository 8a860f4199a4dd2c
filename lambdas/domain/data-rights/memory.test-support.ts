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
import { withIssuedHashes, type RecommendationRecord, type RecommendationStore } from '../ports/recommendations';
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
        deleteAtVersion: (table, key, version) => {
          this.tick();
          const row = `${key.pk}|${key.sk}`;
          if (this.tables[table].get(row)?.version !== version) return Promise.resolve(false);
          this.tables[table].delete(row);
          return Promise.resolve(true);
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
          const rec = item.rec as { id: string; tokenHashes: string[]; issuedTokenHashes?: string[] } | undefined;
          if (rec)
            out.push(
              { table: 'status', key: { pk: `rec#${rec.id}`, sk: 'rec' } },
              ...[...new Set([...(rec.issuedTokenHashes ?? []), ...rec.tokenHashes])].map((h) => ({
                table: 'status' as const,
                key: { pk: `rectoken#${h}`, sk: 'token' },
              })),
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

/** The erasure's ports, each call preceded by `before()`: every point at which an event function can write or check in between. */
export function stepped(ports: ErasurePorts, before: () => Promise<void>): ErasurePorts {
  const wrap =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await before();
      return call(...args);
    };
  const { tables, objects } = ports;
  return {
    tables: {
      partition: wrap(tables.partition.bind(tables)),
      deleteItem: wrap(tables.deleteItem.bind(tables)),
      deleteAtVersion: wrap(tables.deleteAtVersion.bind(tables)),
      readMarker: wrap(tables.readMarker.bind(tables)),
      startMarker: wrap(tables.startMarker.bind(tables)),
      deleteMarker: wrap(tables.deleteMarker.bind(tables)),
      closeSessions: wrap(tables.closeSessions.bind(tables)),
      keepRecommendations: wrap(tables.keepRecommendations.bind(tables)),
      closedRecommendations: wrap(tables.closedRecommendations.bind(tables)),
    },
    related: wrap(ports.related),
    objects: { list: wrap(objects.list.bind(objects)), delete: wrap(objects.delete.bind(objects)) },
    deleteIdentity: wrap(ports.deleteIdentity),
    now: ports.now,
  };
}

/**
 * The recommendations' store over the world's status table, keyed and ordered as the adapter
 * (adapters/store/recommendations-store.ts): the record (`rec`, `version`) under the applicant,
 * the id's pointer and a pointer per link hash (each naming the applicant); pointers written
 * before the record, every record write conditional, a refused update's new pointer taken back,
 * `issuedTokenHashes` kept by every write. (The due day's pointer is left out: the world's
 * finder of related items does not know it.) Each read or write is one step, preceded by
 * `before(step)`, where a test can run an erasure's calls in between.
 */
export function worldRecommendations(world: MemoryWorld, before: (step: string) => Promise<void> = () => Promise.resolve()): RecommendationStore {
  const status = world.tables.status;
  const row = (sub: string, id: string) => `${sub}|rec#${id}`;
  const recordAt = (key: string): RecommendationRecord | undefined => {
    const item = status.get(key);
    return item && typeof item.version === 'number' ? structuredClone({ ...(item.rec as RecommendationRecord), version: item.version }) : undefined;
  };
  const put = (record: RecommendationRecord) => {
    const { version, ...rec } = record;
    world.put('status', { pk: record.sub, sk: `rec#${record.id}`, version, rec: structuredClone(rec) });
  };
  const putToken = (record: RecommendationRecord, hash: string) => world.put('status', { pk: `rectoken#${hash}`, sk: 'token', sub: record.sub, id: record.id });
  const records = () => [...status.values()].filter((i) => i.rec !== undefined).flatMap((i) => recordAt(`${i.pk}|${i.sk}`) ?? []);
  return {
    listRecommendations: async (sub) => {
      await before('list');
      return records()
        .filter((r) => r.sub === sub)
        .sort((a, b) => a.invitedAt.localeCompare(b.invitedAt));
    },
    readRecommendation: async (sub, id) => {
      await before('read');
      return recordAt(row(sub, id));
    },
    findByTokenHash: async (hash) => {
      await before('read');
      const pointer = status.get(`rectoken#${hash}|token`);
      return typeof pointer?.sub === 'string' && typeof pointer.id === 'string' ? recordAt(row(pointer.sub, pointer.id)) : undefined;
    },
    findById: async (id) => {
      await before('read');
      const pointer = status.get(`rec#${id}|rec`);
      return typeof pointer?.sub === 'string' ? recordAt(row(pointer.sub, id)) : undefined;
    },
    createRecommendation: async (created) => {
      const record = withIssuedHashes(created);
      await before('pointers');
      world.put('status', { pk: `rec#${record.id}`, sk: 'rec', sub: record.sub });
      for (const hash of record.tokenHashes) putToken(record, hash);
      await before('record');
      if (status.has(row(record.sub, record.id))) throw new Error('ConditionalCheckFailedException');
      put(record);
    },
    deleteRecommendation: async (record) => {
      await before('delete');
      if (status.get(row(record.sub, record.id))?.version !== record.version) return;
      status.delete(row(record.sub, record.id));
      await before('pointers');
      status.delete(`rec#${record.id}|rec`);
      for (const hash of withIssuedHashes(record).issuedTokenHashes) status.delete(`rectoken#${hash}|token`);
    },
    updateRecommendation: async (updated, options = {}) => {
      const record = withIssuedHashes(updated, options.newTokenHash);
      if (options.newTokenHash) {
        await before('pointer');
        putToken(record, options.newTokenHash);
      }
      await before('record');
      if (status.get(row(record.sub, record.id))?.version !== record.version - 1) {
        if (options.newTokenHash) {
          await before('take back');
          status.delete(`rectoken#${options.newTokenHash}|token`);
        }
        return false;
      }
      put(record);
      return true;
    },
    listExpiringBetween: async (fromDay, toDay) => {
      await before('list');
      return records().filter((r) => r.expiresAt.slice(0, 10) >= fromDay && r.expiresAt.slice(0, 10) <= toDay);
    },
  };
}

export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Every placement of a racing writer's three steps, in their order, among the erasure's `calls` calls and after its end. */
export function schedules(calls: number): number[][] {
  const out: number[][] = [];
  for (let first = 0; first <= calls; first++)
    for (let second = first; second <= calls; second++) for (let third = second; third <= calls; third++) out.push([first, second, third]);
  return out;
}

/**
 * An erasure and a racing writer in lockstep: the writer's step `n` waits at `gate(n)` until just
 * before the erasure's call number slots[n] (the number of calls: after the erasure ended). At
 * each of its calls (`stepped(ports, lock.beforeCall)`) the erasure waits until the writer has
 * either ended (`follow`) or stopped at a step due later; `finish()` lets the rest go after it.
 */
export function lockstep(slots: readonly number[]): {
  gate: (step: number) => Promise<void>;
  follow: (work: Promise<unknown>) => void;
  beforeCall: () => Promise<void>;
  finish: () => Promise<void>;
  calls: () => number;
} {
  let held: { step: number; go: () => void } | undefined;
  let arrived = deferred();
  let ended = false;
  let calls = 0;
  const runDue = async (call: number) => {
    for (;;) {
      await arrived.promise;
      if (ended || !held || (slots[held.step] ?? 0) > call) return;
      arrived = deferred();
      const { go } = held;
      held = undefined;
      go();
    }
  };
  return {
    gate: (step) =>
      new Promise<void>((go) => {
        held = { step, go };
        arrived.resolve();
      }),
    follow: (work) => {
      void work
        .then(
          () => undefined,
          () => undefined,
        )
        .finally(() => {
          ended = true;
          arrived.resolve();
        });
    },
    beforeCall: () => runDue(calls++),
    finish: () => runDue(Number.POSITIVE_INFINITY),
    calls: () => calls,
  };
}

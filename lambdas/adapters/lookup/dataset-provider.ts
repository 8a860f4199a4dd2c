import type { LookupProvider } from '#domain/lookup/provider';
import type { LookupRecord, Suggestion } from '#domain/lookup/records';
import { SearchIndex } from '#domain/lookup/search-index';
import type { Category } from '#form/wire/lookup';
import { log } from '../log';
import { readPointer, readSnapshot, type SnapshotPointer } from './snapshot-table';

/** How often a warm Lambda asks whether a new import landed (one GetItem, off the request path). */
export const REFRESH_INTERVAL_MS = 60_000;

export interface DatasetSource {
  /** The published version, or undefined when nothing was imported. */
  version(category: Category): Promise<SnapshotPointer | undefined>;
  records(category: Category, pointer: SnapshotPointer): Promise<LookupRecord[]>;
  /** What to serve when nothing was imported (nothing in AWS; the local stack's stand-in serves its samples). */
  fallback(category: Category): Promise<LookupRecord[]>;
}

interface Loaded {
  index: SearchIndex;
  version: string | undefined;
  checkedAt: number;
}

/** The lookup table: what an import published, and an empty list until something is. */
export const tableSource: DatasetSource = {
  version: readPointer,
  records: readSnapshot,
  fallback(category) {
    log.warn('no lookup dataset imported; serving an empty list', { category });
    return Promise.resolve([]);
  },
};

/**
 * Serves one category from an index built in memory at cold start. Search is then pure CPU
 * (well under a millisecond on 30,000 records); a warm instance picks up a new import within
 * REFRESH_INTERVAL_MS without ever making a request wait for the check.
 */
export class DatasetProvider implements LookupProvider {
  private loaded: Loaded | undefined;
  private pending: Promise<Loaded> | undefined;

  constructor(
    private readonly category: Category,
    private readonly source: DatasetSource = tableSource,
    private readonly now: () => number = Date.now,
  ) {}

  async search(text: string, maxResults: number): Promise<Suggestion[]> {
    return (await this.index()).search(text, maxResults);
  }

  async record(id: string): Promise<LookupRecord | undefined> {
    return (await this.index()).get(id);
  }

  /** Builds the index now (cold start warm-up, benchmarks). */
  async index(): Promise<SearchIndex> {
    if (!this.loaded) {
      this.loaded = await this.once(() => this.load(undefined));
    } else if (this.now() - this.loaded.checkedAt >= REFRESH_INTERVAL_MS && !this.pending) {
      const stale = this.loaded;
      void this.once(() => this.load(stale))
        .then((fresh) => (this.loaded = fresh))
        .catch((error: unknown) => {
          stale.checkedAt = this.now();
          log.warn('lookup refresh failed; serving the loaded dataset', { category: this.category, error });
        });
    }
    return this.loaded.index;
  }

  /** Concurrent cold requests share one load. */
  private async once(load: () => Promise<Loaded>): Promise<Loaded> {
    this.pending ??= load().finally(() => (this.pending = undefined));
    return this.pending;
  }

  private async load(current: Loaded | undefined): Promise<Loaded> {
    const pointer = await this.source.version(this.category);
    const checkedAt = this.now();
    if (current && current.version === pointer?.version) return { ...current, checkedAt };
    const started = this.now();
    const records = pointer ? await this.source.records(this.category, pointer) : await this.source.fallback(this.category);
    const index = new SearchIndex(this.category, records);
    log.info('lookup index built', { category: this.category, version: pointer?.version ?? 'fallback', records: index.size, ms: this.now() - started });
    return { index, version: pointer?.version, checkedAt };
  }
}

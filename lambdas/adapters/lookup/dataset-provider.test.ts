import { school } from '#domain/lookup/fixtures.test-support';
import type { LookupRecord } from '#domain/lookup/records';
import { DatasetProvider, REFRESH_INTERVAL_MS, type DatasetSource } from './dataset-provider';
import type { SnapshotPointer } from './snapshot-table';

/** A dataset source in memory: the version can be changed or made to fail. */
function memorySource(initial: Record<string, LookupRecord[]>, fallback: LookupRecord[] = []) {
  const versions = { ...initial };
  let current: string | undefined = Object.keys(versions)[0];
  let failing = false;
  const loads: string[] = [];
  const source: DatasetSource = {
    async version() {
      if (failing) throw new Error('table unavailable');
      return current ? ({ version: current } as SnapshotPointer) : undefined;
    },
    async records(_category, pointer) {
      loads.push(pointer.version);
      return versions[pointer.version]!;
    },
    async fallback() {
      loads.push('fallback');
      return fallback;
    },
  };
  return {
    source,
    loads,
    publish(version: string, records: LookupRecord[]) {
      versions[version] = records;
      current = version;
    },
    fail(value: boolean) {
      failing = value;
    },
  };
}

const settle = () => new Promise((ok) => setTimeout(ok, 0));

describe('dataset provider', () => {
  it('builds the index once, even for concurrent cold requests', async () => {
    const data = memorySource({ v1: [school('Lincoln High School')] });
    const provider = new DatasetProvider('hs_ceeb', data.source);
    const [a, b] = await Promise.all([provider.search('linc', 5), provider.search('linc', 5)]);
    expect(a.map((s) => s.text)).toEqual(['Lincoln High School']);
    expect(b).toEqual(a);
    expect(data.loads).toEqual(['v1']);
  });

  it('serves the fallback when nothing was imported', async () => {
    const data = memorySource({}, [school('Sample Academy')]);
    const provider = new DatasetProvider('hs_ceeb', data.source);
    expect((await provider.search('sample', 5)).map((s) => s.text)).toEqual(['Sample Academy']);
  });

  it('finds a record by id, and nothing for an unknown id', async () => {
    const lincoln = school('Lincoln High School');
    const provider = new DatasetProvider('hs_ceeb', memorySource({ v1: [lincoln] }).source);
    expect(await provider.record(lincoln.id)).toEqual(lincoln);
    expect(await provider.record('000000')).toBeUndefined();
  });

  it('picks up a new import after the refresh interval without making a request wait', async () => {
    let now = 0;
    const data = memorySource({ v1: [school('Old School')] });
    const provider = new DatasetProvider('hs_ceeb', data.source, () => now);
    await provider.search('school', 5);
    data.publish('v2', [school('New School')]);
    now = REFRESH_INTERVAL_MS - 1;
    expect((await provider.search('school', 5)).map((s) => s.text)).toEqual(['Old School']);
    now = REFRESH_INTERVAL_MS;
    expect((await provider.search('school', 5)).map((s) => s.text)).toEqual(['Old School']);
    await settle();
    await settle();
    expect((await provider.search('school', 5)).map((s) => s.text)).toEqual(['New School']);
    expect(data.loads).toEqual(['v1', 'v2']);
  });

  it('keeps serving the loaded data when a refresh fails', async () => {
    let now = 0;
    const data = memorySource({ v1: [school('Old School')] });
    const provider = new DatasetProvider('hs_ceeb', data.source, () => now);
    await provider.search('school', 5);
    data.fail(true);
    now = REFRESH_INTERVAL_MS;
    await provider.search('school', 5);
    await settle();
    expect((await provider.search('school', 5)).map((s) => s.text)).toEqual(['Old School']);
  });

  it('fails a cold request when the data cannot be read, and retries on the next', async () => {
    const data = memorySource({ v1: [school('Lincoln High School')] });
    data.fail(true);
    const provider = new DatasetProvider('hs_ceeb', data.source);
    await expect(provider.search('linc', 5)).rejects.toThrow('table unavailable');
    data.fail(false);
    expect(await provider.search('linc', 5)).toHaveLength(1);
  });
});

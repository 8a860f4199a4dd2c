import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseDataset } from '#domain/lookup/dataset';
import { CATEGORIES } from '#form/wire/lookup';
import { sampleFile } from '#local/lookup-samples';
import { generateLookupRecords, toImportCsv } from '../../../bench/lookup-data';
import { formatProblems, importDataset } from '../../../scripts/lookup-import';
import { startLookupTable } from './dynalite.test-support';
import { CHUNK_BYTES, encodeSnapshot, readPointer, readSnapshot, ImportConflict, writeSnapshot } from './snapshot-table';

let table: Awaited<ReturnType<typeof startLookupTable>>;
beforeEach(async () => {
  table = await startLookupTable();
});
afterEach(async () => {
  await table.stop();
});

const published = async () => {
  const pointer = await readPointer('hs_ceeb');
  return pointer ? readSnapshot('hs_ceeb', pointer) : undefined;
};

describe('lookup import', () => {
  it('publishes a good file where the lookups read it', async () => {
    const records = generateLookupRecords('hs_ceeb', 50, 1);
    const outcome = await importDataset(toImportCsv('hs_ceeb', records), 'hs_ceeb');
    expect(outcome.ok).toBe(true);
    expect(outcome.pointer?.records).toBe(50);
    expect(await published()).toEqual(records);
  });

  it('writes nothing when any row is bad, and leaves the previous dataset in place', async () => {
    const before = generateLookupRecords('hs_ceeb', 10, 2);
    await importDataset(toImportCsv('hs_ceeb', before), 'hs_ceeb');
    const bad = toImportCsv('hs_ceeb', generateLookupRecords('hs_ceeb', 10, 3)).replace(/\n(\d{6}),/, '\nBAD,');
    const outcome = await importDataset(bad, 'hs_ceeb');
    expect(outcome.ok).toBe(false);
    expect(formatProblems('schools.csv', outcome.result)).toEqual(['schools.csv:2: ceeb "BAD" must be a 6-digit CEEB code']);
    expect(await published()).toEqual(before);
  });

  it('validates without writing on a dry run', async () => {
    const outcome = await importDataset(toImportCsv('hs_ceeb', generateLookupRecords('hs_ceeb', 5, 4)), 'hs_ceeb', { dryRun: true });
    expect(outcome.ok).toBe(true);
    expect(await readPointer('hs_ceeb')).toBeUndefined();
  });

  it('replaces the dataset on a second import and splits large snapshots into chunks', async () => {
    await importDataset(toImportCsv('hs_ceeb', generateLookupRecords('hs_ceeb', 10, 5)), 'hs_ceeb');
    const large = generateLookupRecords('hs_ceeb', 30_000, 6);
    const outcome = await importDataset(toImportCsv('hs_ceeb', large), 'hs_ceeb');
    const expectedChunks = Math.ceil(encodeSnapshot(large).length / CHUNK_BYTES);
    expect(expectedChunks).toBeGreaterThan(1);
    expect(outcome.pointer!.chunks).toBe(expectedChunks);
    const pointer = (await readPointer('hs_ceeb'))!;
    expect(pointer.version).toBe(outcome.pointer!.version);
    expect(await readSnapshot('hs_ceeb', pointer)).toEqual(large);
  }, 30_000);

  it('refuses to flip over an import that landed meanwhile', async () => {
    const first = await writeSnapshot('hs_ceeb', generateLookupRecords('hs_ceeb', 3, 7), undefined);
    await writeSnapshot('hs_ceeb', generateLookupRecords('hs_ceeb', 3, 8), first.version);
    await expect(writeSnapshot('hs_ceeb', generateLookupRecords('hs_ceeb', 3, 9), first.version)).rejects.toBeInstanceOf(ImportConflict);
  });
});

describe('sample datasets', () => {
  it.each(CATEGORIES)('%s sample is valid and has a few hundred rows', (category) => {
    const result = parseDataset(readFileSync(fileURLToPath(sampleFile(category)), 'utf8'), category);
    expect(result.errors).toEqual([]);
    expect(result.records.length).toBeGreaterThanOrEqual(200);
  });
});

/**
 * The lookup lists the local stack serves before anything was imported: the repository's labelled
 * samples, data/lookup/<category>.sample.csv. Installed in place of the lookup table's own source
 * (lambdas/wiring/lookup.ts), which in AWS serves an empty list until the first import.
 */
import { readFile } from 'node:fs/promises';
import { tableSource, type DatasetSource } from '#adapters/lookup/dataset-provider';
import { parseDataset } from '#domain/lookup/dataset';
import type { LookupRecord } from '#domain/lookup/records';
import type { Category } from '#form/wire/lookup';

export const SAMPLE_DIR = new URL('../data/lookup/', import.meta.url);

export function sampleFile(category: Category): URL {
  return new URL(`${category}.sample.csv`, SAMPLE_DIR);
}

/** The sample dataset, validated like any import; a broken sample is a bug, so it throws. */
export async function readSampleDataset(category: Category): Promise<LookupRecord[]> {
  const result = parseDataset(await readFile(sampleFile(category), 'utf8'), category);
  if (result.errors.length > 0) {
    const first = result.errors[0]!;
    throw new Error(`sample dataset ${category} is invalid: line ${first.line}: ${first.message}`);
  }
  return result.records;
}

const isMissingTable = (error: unknown) => (error as Error | undefined)?.name === 'ResourceNotFoundException';

/** The lookup table, with the sample wherever nothing was imported (also before the table exists: it appears with the first import). */
export const sampleBackedSource: DatasetSource = {
  async version(category) {
    try {
      return await tableSource.version(category);
    } catch (error) {
      if (isMissingTable(error)) return undefined;
      throw error;
    }
  },
  records: (category, pointer) => tableSource.records(category, pointer),
  fallback: readSampleDataset,
};

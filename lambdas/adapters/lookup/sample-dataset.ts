import { readFile } from 'node:fs/promises';
import type { Category } from '#domain/lookup/categories';
import { parseDataset } from '#domain/lookup/dataset';
import type { LookupRecord } from '#domain/lookup/records';

/** The repository's labelled sample files, data/lookup/<category>.sample.csv. */
export const SAMPLE_DIR = new URL('../../../data/lookup/', import.meta.url);

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

/** docs/decisions-lifecycle.md shows the lifecycle table as it is: regenerate it with `npx tsx scripts/lifecycle-doc.ts`. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DOC_END, DOC_START, withLifecycle } from '#domain/lifecycle/document';
import { LIFECYCLE } from '#domain/lifecycle/table';
import { LIFECYCLE_DOC, lifecycleDoc } from '../../scripts/lifecycle-doc';

describe('docs/decisions-lifecycle.md', () => {
  const doc = readFileSync(LIFECYCLE_DOC, 'utf8');

  it('carries the diagram and the moves generated from the table, formatted', async () => {
    expect(doc).toContain(DOC_START);
    expect(doc).toContain(DOC_END);
    expect(doc, 'run `npx tsx scripts/lifecycle-doc.ts`').toBe(await lifecycleDoc(doc));
  });

  it('differs as soon as the table does', () => {
    const changed = LIFECYCLE.map((row) => (row.trigger === 'release' ? { ...row, by: ['decider'] as const } : row));
    expect(withLifecycle(doc, changed)).not.toBe(withLifecycle(doc));
    expect(withLifecycle(doc, changed)).toContain('decided --> released: release (decider)');
  });
});

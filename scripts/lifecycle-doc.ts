/**
 * `npx tsx scripts/lifecycle-doc.ts`: writes the decision lifecycle's diagram and moves, generated
 * from the table (lambdas/domain/lifecycle/table.ts), into docs/decisions-lifecycle.md between its
 * marker comments, formatted by the repository's Prettier. test/unit/lifecycle-doc.test.ts fails
 * when the file differs from what this writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { withLifecycle } from '#domain/lifecycle/document';

export const LIFECYCLE_DOC = fileURLToPath(new URL('../docs/decisions-lifecycle.md', import.meta.url));

/** The document as it should be: `current` with the generated part replaced, then formatted. */
export async function lifecycleDoc(current: string): Promise<string> {
  const options = await resolveConfig(LIFECYCLE_DOC);
  return format(withLifecycle(current), { ...options, filepath: LIFECYCLE_DOC });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const current = readFileSync(LIFECYCLE_DOC, 'utf8');
  const next = await lifecycleDoc(current);
  writeFileSync(LIFECYCLE_DOC, next);
  console.log(next === current ? `${LIFECYCLE_DOC} is up to date` : `wrote ${LIFECYCLE_DOC}`);
}

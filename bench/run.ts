/**
 * `npm run bench`: every benchmark in turn (or those named: `npm run bench -- api lookup`).
 * Figures and ratios against a baseline measured in the same run are printed; budgets are
 * reported, never asserted, so a slow machine does not fail the test suite.
 */
// First: the institution's configuration, before any module of form/ loads (config/installed.ts).
import '#config/installed';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// The pinned AWS SDK supports Node 20; its notice about later releases is in the README.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const SUITES = ['api', 'lookup', 'documents', 'web', 'cold', 'capacity', 'sis', 'office', 'messages'];
// A flag's value (`sis --applicants 200`) names no benchmark.
const wanted = process.argv.slice(2).filter((a, i, all) => !a.startsWith('-') && !/^--\w+$/.test(all[i - 1] ?? ''));

for (const name of wanted.length ? wanted : SUITES) {
  const file = join(import.meta.dirname, `${name}.ts`);
  if (!existsSync(file)) {
    console.log(`\n== ${name}: no benchmark yet (bench/${name}.ts) ==`);
    continue;
  }
  const mod = (await import(pathToFileURL(file).href)) as { run?: () => Promise<void> };
  if (typeof mod.run !== 'function') throw new Error(`bench/${name}.ts exports no run()`);
  await mod.run();
}

/** docs/staff-api.md's roles table is the routes' declarations: `npm run docs:routes` writes it, this fails when the file differs. */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffEndpoints } from '#form/wire/staff-endpoints';
import { STAFF_API_DOC, TABLE_END, TABLE_START, withRolesTable } from '../../scripts/docs-routes';

describe('docs/staff-api.md', () => {
  const doc = readFileSync(STAFF_API_DOC, 'utf8');
  let generated: string;
  // Prettier formats the whole document: seconds on a loaded machine.
  beforeAll(async () => {
    generated = await withRolesTable(doc);
  }, 60_000);

  it('holds the roles table as the declarations give it (run `npm run docs:routes` after changing a staff route)', () => {
    expect(doc).toBe(generated);
  });

  it('names every staff route in it, once', () => {
    const table = generated.slice(generated.indexOf(TABLE_START), generated.indexOf(TABLE_END));
    for (const { method, path } of Object.values(staffEndpoints)) {
      expect(table.match(new RegExp(`^\\| \`${method} ${path.replace(/[.{}]/g, '\\$&')}\` +\\|`, 'gm')), `${method} ${path}`).toHaveLength(1);
    }
  });
});

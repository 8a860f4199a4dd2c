/**
 * `npm run docs:routes`: the roles table of docs/staff-api.md, written from the office's route
 * declarations (form/wire/staff-endpoints.ts: access, roles, narrower uses, what each records),
 * between its two marker comments, the whole document formatted as `prettier --check` wants it.
 * test/unit/docs-routes.test.ts fails when the file differs from what this writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { format, resolveConfig } from 'prettier';
import type { AuditWords } from '#form/wire/audit-words';
import type { DeclaredRoute } from '#form/wire/endpoint';
import { staffEndpoints } from '#form/wire/staff-endpoints';

export const STAFF_API_DOC = resolve(import.meta.dirname, '..', 'docs', 'staff-api.md');
export const TABLE_START = '<!-- The roles table: generated from the routes’ declarations (form/wire/staff-endpoints.ts) by `npm run docs:routes`. -->';
export const TABLE_END = '<!-- End of the generated roles table. -->';

const code = (text: string) => `\`${text}\``;

function rolesCell(route: DeclaredRoute): string {
  if (route.access !== 'staff') return `${route.access} (no staff session needed)`;
  const narrower = Object.entries(route.rolesFor ?? {}).map(([use, roles]) => `; ${use}: ${roles.join(', ')} (checked by the use-case)`);
  return `${(route.roles ?? []).join(', ')}${narrower.join('')}`;
}

function wordsCell(words: AuditWords): string {
  const sentences = typeof words === 'string' ? [words] : words;
  return sentences
    .map((s) =>
      typeof s === 'string'
        ? code(s)
        : `${code(s.words)} (when ${Object.entries(s.when)
            .map(([k, v]) => `${k} is ${v}`)
            .join(', ')})`,
    )
    .join(', else ');
}

function recordsCell(route: DeclaredRoute): string {
  if (!route.audit || route.audit === 'none') return 'nothing';
  return Object.entries(route.audit)
    .map(([action, words]) => `${code(action)}: ${wordsCell(words)}`)
    .join('; ');
}

/** The table, one row per route in the order of the declarations. */
export function rolesTable(routes: Readonly<Record<string, DeclaredRoute>>): string {
  const rows = Object.values(routes).map((r) => `| ${code(`${r.method} ${r.path}`)} | ${rolesCell(r)} | ${recordsCell(r)} |`);
  return ['| route | roles | the access record shows |', '| --- | --- | --- |', ...rows].join('\n');
}

/** The document with its table written anew between the markers, formatted. */
export async function withRolesTable(doc: string, routes: Readonly<Record<string, DeclaredRoute>> = staffEndpoints): Promise<string> {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`docs/staff-api.md has lost its markers: put back ${TABLE_START} and ${TABLE_END} where the table goes`);
  const written = `${doc.slice(0, start + TABLE_START.length)}\n\n${rolesTable(routes)}\n\n${doc.slice(end)}`;
  return format(written, { ...(await resolveConfig(STAFF_API_DOC)), filepath: STAFF_API_DOC });
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  writeFileSync(STAFF_API_DOC, await withRolesTable(readFileSync(STAFF_API_DOC, 'utf8')));
  console.log('docs/staff-api.md: the roles table written from the routes’ declarations.');
}

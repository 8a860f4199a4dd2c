/**
 * The web app reaches the server only through the typed client (lib/api-client.ts), whose paths
 * come from the routes' contracts (form/wire). A server path written out in the app would be a
 * second, unchecked copy of a contract: this scan keeps there from being one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');
const SERVER_PATH = /['"`]\/(?:api|public|staff\/api|lookup|service)\//;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function serverPathsIn(text: string): string[] {
  return text.split('\n').filter((line) => SERVER_PATH.test(line));
}

describe('server calls go through the contract', () => {
  it('finds a server path written out in a line of code', () => {
    expect(serverPathsIn("const a = api.get('/api/profile');\nconst b = `/staff/api/audit?x`;\nnavigate('/staff/applications');")).toEqual([
      "const a = api.get('/api/profile');",
      'const b = `/staff/api/audit?x`;',
    ]);
  });

  it('no web/src file outside the tests writes out a server path', () => {
    const offenders = sourceFiles(SRC).flatMap((file) => serverPathsIn(readFileSync(file, 'utf8')).map((line) => `${relative(SRC, file)}: ${line.trim()}`));
    expect(offenders).toEqual([]);
  });
});

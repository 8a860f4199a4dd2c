/**
 * `npm run sis -- add-client`, `list` and `revoke` against the running stack, found through its
 * data directory: the secret printed once works at the stack's token endpoint, the list shows the
 * client without it, a revoked client gets no token; bad arguments print the usage (status 2), a
 * stack that is not running one sentence (status 1).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { runMain, type Ran } from '../support/script-main';

const run = promisify(execFile);
const baseUrl = inject('baseUrl');
const ROOT = join(import.meta.dirname, '..', '..');
const empty = mkdtempSync(join(tmpdir(), 'sis-cli-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

/** The command in its own Node process, as an operator runs it. */
function spawned(dataDir: string, ...args: string[]): Promise<Ran> {
  return run(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'sis.ts'), ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } }).then(
    (r) => ({ code: 0, ...r }),
    (e: Ran) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
}

/** The same through main() in this process (a spawned command costs a Node start and a TypeScript load). */
async function sis(...args: string[]): Promise<Ran> {
  const { main } = await import('../../scripts/sis');
  return runMain('sis', main, args);
}

const field = (stdout: string, name: string) => new RegExp(`^${name}:\\s+(\\S+)$`, 'm').exec(stdout)?.[1];

async function token(id: string, secret: string): Promise<number> {
  const res = await fetch(`${baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` },
    body: 'grant_type=client_credentials',
  });
  return res.status;
}

describe('npm run sis', { timeout: 90_000 }, () => {
  it('add-client prints the id and the secret once; the secret gets a token; list shows the client without it; revoke ends it', async () => {
    const name = `vendor-${Date.now().toString(36)}`;
    const added = await spawned(inject('dataDir'), 'add-client', name, '--scopes', 'applications.read,materials.write', '--expires', '2099-12-31');
    expect(added.code, added.stderr).toBe(0);
    const id = field(added.stdout, 'client_id')!;
    const secret = field(added.stdout, 'client_secret')!;
    expect(added.stdout).toContain(`${baseUrl}/oauth2/token`);
    expect(await token(id, secret)).toBe(200);

    const listed = await sis('list');
    expect(listed.code).toBe(0);
    const line = listed.stdout.split('\n').find((l) => l.startsWith(`${name} `))!;
    expect(line).toContain('scopes applications.read,materials.write');
    expect(line).toContain('expires 2099-12-31');
    expect(listed.stdout).not.toContain(secret);

    expect(await sis('revoke', name)).toMatchObject({ code: 0, stdout: expect.stringContaining(`Revoked ${name}`) });
    expect(await token(id, secret)).toBe(401);
    expect((await sis('list')).stdout.split('\n').find((l) => l.startsWith(`${name} `))).toContain('revoked ');
  });

  it('says why in one sentence when the rules refuse (a name taken, a past day, an unknown scope)', async () => {
    const name = `dup-${Date.now().toString(36)}`;
    expect((await sis('add-client', name, '--scopes', 'applications.read')).code).toBe(0);
    expect(await sis('add-client', name, '--scopes', 'applications.read')).toMatchObject({ code: 1, stderr: `sis: A client named ${name} already exists.\n` });
    expect(await sis('add-client', 'later', '--scopes', 'applications.read', '--expires', '2020-01-01')).toMatchObject({
      code: 1,
      stderr: 'sis: The expiry 2020-01-01 is already past.\n',
    });
    expect((await sis('add-client', 'other', '--scopes', 'everything')).stderr).toContain('everything is not a scope of this API');
    expect(await sis('revoke', 'nobody-at-all')).toMatchObject({ code: 1, stderr: 'sis: There is no client named nobody-at-all.\n' });
  });

  it('prints the usage with status 2 for bad arguments', async () => {
    for (const args of [[], ['add-client'], ['add-client', 'x'], ['list', 'x'], ['revoke'], ['frobnicate'], ['list', '--nope']]) {
      const out = await sis(...args);
      expect(out.code, args.join(' ')).toBe(2);
      expect(out.stderr).toContain('usage: npm run sis -- add-client NAME --scopes');
    }
  });

  it('says so in one sentence with status 1 when no stack is running', async () => {
    const out = await spawned(empty, 'list');
    expect(out.code).toBe(1);
    expect(out.stderr).toBe(`sis: no running stack on ${empty}: start it with \`npm start\`\n`);
  });
});

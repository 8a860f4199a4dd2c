/**
 * `npm run staff -- add`, `role`, `assign-roles` and `links` against the running stack, found
 * through its data directory; the staff pool through the stack's stand-in for Cognito's API.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { parseCsv } from '#domain/lookup/csv';
import { config } from '#lambdas/config';
import { ApiClient, latestMail, outbox, uniqueEmail } from '../support/client';
import { runMain, type Ran } from '../support/script-main';
import { signedInStaff } from '../support/staff';

const run = promisify(execFile);
const baseUrl = inject('baseUrl');
const ROOT = join(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'staff-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The command as an operator runs it: its own Node process, its exit status and output. */
function spawnedCommand(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'staff.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: inject('dataDir') },
  }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
  );
}

/**
 * The same command through its main() in this process, with its output and status as the spawned
 * command gives them (an error main throws is "staff: …" and status 1): a spawned command costs a
 * Node start and a TypeScript load, seconds each on a loaded machine. The first test and the
 * unknown user's refusal run the real process.
 */
async function staffCommand(...args: string[]): Promise<Ran> {
  const { main } = await import('../../scripts/staff');
  return runMain('staff', main, args);
}

describe('npm run staff', { timeout: 90_000 }, () => {
  it('add EMAIL creates a staff user in the running stack, with one invitation in the dev outbox, sent once the user is in the role group', async () => {
    const email = uniqueEmail('staff');
    const out = await spawnedCommand('add', email);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(`${baseUrl}/_dev/mail`);
    // Created with the invitation suppressed, then invited: one mail, whose password works.
    expect((await outbox(baseUrl)).filter((m) => m.to === email)).toHaveLength(1);
    const mail = await latestMail(baseUrl, email);
    const first = await new ApiClient(baseUrl).post('/staff/api/login', { email, password: mail.code });
    expect(first.body.challenge).toBe('NEW_PASSWORD_REQUIRED');
    const again = await staffCommand('add', email);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already exists/);
  });

  it('links FILE.csv issues one link per row and writes the URLs back; a bad file issues none', async () => {
    const file = join(work, 'prospects.csv');
    writeFileSync(file, 'first_name,last_name,applied_major\r\nAda,Lovelace,CS\r\n"Grace, Jr.",Hopper,BIO\r\n');
    const out = await staffCommand('links', file, '--days', '3');
    expect(out.code, out.stderr).toBe(0);
    const [header, ...rows] = parseCsv(readFileSync(file, 'utf8'));
    expect(header!.fields).toEqual(['first_name', 'last_name', 'applied_major', 'url', 'expires_at']);
    expect(rows).toHaveLength(2);
    const url = new URL(rows[1]!.fields[3]!);
    const visitor = await new ApiClient(baseUrl).get(`/public/tmp?token=${url.searchParams.get('token')}`);
    expect(visitor.body).toEqual({ answer: { first_name: 'Grace, Jr.', last_name: 'Hopper', applied_major: 'BIO' } });

    const bad = join(work, 'bad.csv');
    writeFileSync(bad, 'first_name,favourite_colour\r\nAda,blue\r\n');
    const refused = await staffCommand('links', bad);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/bad\.csv:2: .*favourite_colour/);
    expect(readFileSync(bad, 'utf8')).toBe('first_name,favourite_colour\r\nAda,blue\r\n');
  });

  it("the dev endpoints take JSON only (no cross-site form can create staff users): the tests' shortcut and the stand-in for Cognito's API", async () => {
    const cognitoForm = await fetch(`${baseUrl}/_dev/cognito-idp`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', 'x-amz-target': 'AWSCognitoIdentityProviderService.AdminCreateUser' },
      body: JSON.stringify({ UserPoolId: config().staffUserPoolId, Username: uniqueEmail('staff') }),
    });
    expect(cognitoForm.status).toBe(415);
    const form = await fetch(`${baseUrl}/_dev/staff-users`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ email: uniqueEmail('staff') }),
    });
    expect(form.status).toBe(415);
    const bad = await fetch(`${baseUrl}/_dev/staff-users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'not an address' }),
    });
    expect(bad.status).toBe(400);
    expect((await fetch(`${baseUrl}/_dev/staff-users`)).status).toBe(405);
  });

  it('add --role and role EMAIL ROLE give the role group; the next refresh carries it; both are audited first', async () => {
    const email = uniqueEmail('staff');
    expect((await staffCommand('add', email, '--role', 'decider')).code).toBe(0);
    const member = await signedInStaff(baseUrl, email, undefined, { created: true });
    expect((await member.get('/staff/api/session')).body).toEqual({ email, role: 'decider' });
    expect((await member.post('/staff/api/temporary-links', { answer: { first_name: 'Ada' }, expires_in_days: 1 })).status).toBe(403);

    const changed = await staffCommand('role', email, 'admin');
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.stdout).toContain(`${email} is now admin`);
    expect((await member.post('/staff/api/refresh')).status).toBe(200);
    expect((await member.get('/staff/api/session')).body).toEqual({ email, role: 'admin' });
    const office = await member.get<{ items: Array<{ action: string; staff: string; detail?: Record<string, string> }> }>('/staff/api/audit');
    const mine = office.body.items.filter((i) => i.action === 'staff-role' && i.detail?.email === email);
    expect(mine.map((i) => [i.detail?.change, i.detail?.role])).toEqual([
      ['role', 'admin'],
      ['added', 'decider'],
    ]);
    expect(mine[0]!.staff).toMatch(/^cli:/);

    const fresh = uniqueEmail('staff');
    expect((await staffCommand('add', fresh)).code).toBe(0);
    expect((await (await signedInStaff(baseUrl, fresh, undefined, { created: true })).get('/staff/api/session')).body).toEqual({
      email: fresh,
      role: 'reader',
    });
  });

  it('assign-roles puts every staff user without a role group into one (reader by default), once; until then they have no access', async () => {
    const email = uniqueEmail('legacy');
    // A user in no group, as one made before roles or in the Cognito console.
    const legacy = await signedInStaff(baseUrl, email, null);
    expect((await legacy.get('/staff/api/session')).status).toBe(403);
    const out = await staffCommand('assign-roles');
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toMatch(/^[1-9]\d* staff user\(s\) without a role are now reader; \d+ kept the role they had\.$/m);
    expect((await legacy.post('/staff/api/refresh')).status).toBe(200);
    expect((await legacy.get('/staff/api/session')).body).toEqual({ email, role: 'reader' });
    const again = await staffCommand('assign-roles', '--role', 'admin');
    expect(again.stdout).toMatch(/^0 staff user\(s\) without a role are now admin;/);
    expect((await legacy.get('/staff/api/session')).body).toEqual({ email, role: 'reader' });
    const admin = await signedInStaff(baseUrl, undefined, 'admin');
    const office = await admin.get<{ items: Array<{ action: string; detail?: Record<string, string> }> }>('/staff/api/audit');
    expect(office.body.items.filter((i) => i.action === 'staff-role' && i.detail?.email === email).map((i) => [i.detail?.change, i.detail?.role])).toEqual([
      ['assigned', 'reader'],
    ]);
  });

  it("the stand-in for Cognito's API answers the staff command's calls with Cognito's semantics and error names", async () => {
    const cognito = new CognitoIdentityProviderClient({
      endpoint: `${baseUrl}/_dev/cognito-idp`,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const pool = { UserPoolId: config().staffUserPoolId };
    const email = uniqueEmail('staff');
    const failure = (p: Promise<unknown>) =>
      p.then(
        () => 'succeeded',
        (e: Error) => e.name,
      );
    expect(await failure(cognito.send(new AdminCreateUserCommand({ ...pool, Username: email, MessageAction: 'RESEND' })))).toBe('UserNotFoundException');
    await cognito.send(new AdminCreateUserCommand({ ...pool, Username: email, MessageAction: 'SUPPRESS' }));
    expect((await outbox(baseUrl)).filter((m) => m.to === email)).toEqual([]);
    expect(await failure(cognito.send(new AdminCreateUserCommand({ ...pool, Username: email })))).toBe('UsernameExistsException');
    expect(await failure(cognito.send(new AdminAddUserToGroupCommand({ ...pool, Username: email, GroupName: 'dean' })))).toBe('ResourceNotFoundException');
    await cognito.send(new AdminAddUserToGroupCommand({ ...pool, Username: email, GroupName: 'decider' }));
    expect((await cognito.send(new AdminListGroupsForUserCommand({ ...pool, Username: email }))).Groups?.map((g) => g.GroupName)).toEqual(['decider']);
    await cognito.send(new AdminCreateUserCommand({ ...pool, Username: email, MessageAction: 'RESEND' }));
    const member = await signedInStaff(baseUrl, email, undefined, { created: true });
    expect((await member.get('/staff/api/session')).body).toEqual({ email, role: 'decider' });
    // Signed in once: the invitation cannot be sent again.
    expect(await failure(cognito.send(new AdminCreateUserCommand({ ...pool, Username: email, MessageAction: 'RESEND' })))).toBe(
      'UnsupportedUserStateException',
    );
    expect((await cognito.send(new ListUsersCommand(pool))).Users?.map((u) => u.Username)).toContain(email);
    await cognito.send(new AdminDeleteUserCommand({ ...pool, Username: email }));
    expect(await failure(cognito.send(new AdminListGroupsForUserCommand({ ...pool, Username: email })))).toBe('UserNotFoundException');
    // Not the applicants' pool: its users are no operator's to manage through here.
    expect(await failure(cognito.send(new ListUsersCommand({ UserPoolId: config().userPoolId })))).toBe('ResourceNotFoundException');
    cognito.destroy();
  });

  it('refuses an unknown user in words', async () => {
    const nobody = await spawnedCommand('role', uniqueEmail('nobody'), 'admin');
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toMatch(/no staff user with this e-mail/);
  });
});

/**
 * The command's own argument rules, through its main() in this process (each spawned command
 * costs a Node start and a TypeScript load): the usage's status 2, or the error main throws, which
 * the spawned command prints as "staff: …" with status 1 (as for the unknown user above).
 */
describe('npm run staff: its arguments', () => {
  /** main()'s status and what it wrote to stderr. */
  async function usage(...args: string[]): Promise<{ code: number; stderr: string }> {
    const { main } = await import('../../scripts/staff');
    let stderr = '';
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      stderr += String(chunk);
      return true;
    });
    try {
      return { code: await main(args), stderr };
    } finally {
      write.mockRestore();
    }
  }

  it('refuses an unknown role in words, a role change without a role, and assign-roles with an address', async () => {
    const { main } = await import('../../scripts/staff');
    await expect(main(['add', uniqueEmail('staff'), '--role', 'dean'])).rejects.toThrow(/the role is one of reader, decider, admin/);
    await expect(main(['assign-roles', '--role', 'dean'])).rejects.toThrow(/the role is one of reader, decider, admin/);
    expect((await usage('role', uniqueEmail('staff'))).code).toBe(2);
    expect((await usage('assign-roles', uniqueEmail('staff'))).code).toBe(2);
  });

  it('explains its usage', async () => {
    const out = await usage('remove', 'x');
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/usage: npm run staff -- add EMAIL/);
  });
});

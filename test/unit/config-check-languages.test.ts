/**
 * `npm run config -- check FILE` on texts per language (issue 41): a text missing a language is a
 * warning naming the field and the language, and the check still passes (exit 0); a language
 * code the site does not have is an error at its path (exit 1).
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SAMPLE_INSTITUTION } from '#config/load';

const ROOT = join(import.meta.dirname, '..', '..');
let dir: string;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of the sample with its promises written otherwise. */
function withPromises(name: string, promises: string): string {
  dir ??= mkdtempSync(join(tmpdir(), 'languages-institution-'));
  for (const image of ['logo.svg', 'favicon.ico']) copyFileSync(join(dirname(SAMPLE_INSTITUTION), image), join(dir, image));
  const text = readFileSync(SAMPLE_INSTITUTION, 'utf8');
  const edited = text.replace(/ {2}promises:\n(?: {4}.*\n)+/, `  promises: ${promises}\n`);
  expect(edited).not.toBe(text);
  const file = join(dir, name);
  writeFileSync(file, edited);
  return file;
}

function check(file: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/config.ts', 'check', file], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run config -- check, texts per language', () => {
  it('warns of each language a text lacks, naming the field, and passes', { timeout: 120_000 }, async () => {
    const file = withPromises('warned.yaml', '{ en: No application fee., es: Sin cuota de solicitud. }');
    const { code, stdout, stderr } = await check(file);
    expect(code, stderr).toBe(0);
    expect(stdout).toContain(`${file} has a warning:`);
    expect(stdout).toMatch(
      /warned\.yaml:\d+ welcome\.promises: has no Arabic \(ar\): an applicant reading Arabic sees the English\. Write it as \{ en: …, ar: … \}/,
    );
    expect(stdout).toContain('is ready: Example State University');
  });

  it('refuses a language the site does not have, at its path', { timeout: 120_000 }, async () => {
    const file = withPromises('refused.yaml', '{ en: No application fee., fr: Sans frais. }');
    const { code, stderr } = await check(file);
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /refused\.yaml:\d+ welcome\.promises\.fr: "fr" is not a language of the site\. Write one of en \(English\), es \(Spanish\), ar \(Arabic\)\./,
    );
  });
});

/**
 * Chromium in Lambda as @sparticuz/chromium's maintainers run it: the package's own arguments,
 * --single-process included (multi-process Chromium hangs in Lambda's sandbox), less the two
 * flags that would weaken the page sandbox; locally the preset without --single-process and --no-zygote. Under
 * --single-process Chromium opens no second browser context, so each job prints in a browser
 * of its own, which this test runs for real with the Lambda arguments.
 */
import { mkdtemp, rm, stat, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import chromium from '@sparticuz/chromium';
import { closeBrowser, getBrowser, launchArgs, openContext } from '#adapters/renderer/browser';
import { localChromiumArgs } from '#adapters/renderer/chromium-flags';
import { printHtml } from '#adapters/renderer/print';

const LAMBDA = { AWS_LAMBDA_FUNCTION_NAME: 'render', LAMBDA_TASK_ROOT: '/var/task' };

describe('Chromium launch arguments', () => {
  it("in Lambda: the package's chromium.args, --single-process kept, web security not switched off", () => {
    const args = launchArgs(LAMBDA);
    expect(args).toContain('--single-process');
    expect(args).toEqual(chromium.args.filter((a) => a !== '--disable-web-security' && a !== '--allow-running-insecure-content'));
  });

  it('locally (npm start, and the bundled stack, whose task root is not /var/task): the preset without --single-process and --no-zygote', () => {
    for (const env of [{}, { AWS_LAMBDA_FUNCTION_NAME: 'render', LAMBDA_TASK_ROOT: '/repo/node_modules/.cache/cdk-local/asset.1' }]) {
      const args = launchArgs(env);
      expect(args).not.toContain('--single-process');
      expect(args).not.toContain('--no-zygote');
      expect(args).not.toContain('--disable-web-security');
      expect(args).not.toContain('--allow-running-insecure-content');
      expect(args).not.toContain('--use-angle=swiftshader');
      expect(args).toContain('--disable-gpu');
      // The e2e browser (test/e2e/browser.ts) launches with exactly these: one local Chromium setup.
      expect(args).toEqual(localChromiumArgs(chromium.args));
    }
    expect(launchArgs({ CHROMIUM_PATH: '/usr/bin/chromium' })).toEqual(expect.arrayContaining(['--no-sandbox', '--disable-gpu']));
  });
});

describe('one browser per job under --single-process', () => {
  const saved = { ...process.env };
  beforeAll(() => Object.assign(process.env, LAMBDA));
  afterAll(async () => {
    for (const key of Object.keys(LAMBDA)) if (!(key in saved)) delete process.env[key];
    await closeBrowser();
  });

  it('prints two jobs in turn, each in its own browser, closed with its job', { timeout: 90_000 }, async () => {
    const first = await openContext();
    const browser = first.browser();
    expect(browser.connected).toBe(true);
    await first.close();
    expect(browser.connected).toBe(false);
    for (const text of ['first job', 'second job']) {
      const pdf = await printHtml(`<!doctype html><p>${text}</p>`);
      expect(Buffer.from(pdf.slice(0, 5)).toString()).toBe('%PDF-');
    }
  });
});

describe('a truncated Chromium binary', () => {
  const savedTmp = process.env.TMPDIR;
  let dir = '';
  afterAll(async () => {
    await closeBrowser();
    if (savedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmp;
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is inflated again and replaced, and the launch goes on (a killed extraction no longer breaks every render)', { timeout: 120_000 }, async () => {
    await closeBrowser();
    // The package inflates into the temporary folder: one of this test's own, so no other process's binary is touched.
    dir = await mkdtemp(join(tmpdir(), 'chromium-truncated-'));
    process.env.TMPDIR = dir;
    const binary = await chromium.executablePath();
    expect(binary).toBe(join(dir, 'chromium'));
    const whole = (await stat(binary)).size;
    await truncate(binary, 1_000_000);

    const browser = await getBrowser();
    const page = await browser.newPage();
    expect(await page.evaluate(() => 6 * 7)).toBe(42);
    await page.close();
    expect((await stat(binary)).size).toBe(whole);
  });
});

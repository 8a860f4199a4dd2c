/**
 * One headless Chromium per process (launching costs ~0.4 s; a page ~20 ms), from
 * @sparticuz/chromium, which runs in Lambda and on this Linux alike, or from CHROMIUM_PATH.
 * Its fonts (Open Sans) and the Noto families of fonts.ts are installed for its fontconfig the
 * same way in both, so output matches across both.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import chromium from '@sparticuz/chromium';
import puppeteer, { type Browser, type BrowserContext } from 'puppeteer-core';
import { reinflateChromium } from './chromium-binary';
import { INSECURE_FLAGS, localChromiumArgs, SOFTWARE_COMPOSITING } from './chromium-flags';
import { fontconfigFile, printFontsDir } from './fonts';

let launching: Promise<Browser> | undefined;

/**
 * Chromium's arguments: in Lambda the package's own (`chromium.args`, with --single-process and
 * its GPU settings, as its maintainers run it) less the two insecure flags; elsewhere the preset
 * without --single-process and --no-zygote, with plain software compositing, or a system Chromium's minimum.
 */
export function launchArgs(env: NodeJS.ProcessEnv = process.env, preset: readonly string[] = chromium.args): string[] {
  if (env.CHROMIUM_PATH) return ['--no-sandbox', '--disable-dev-shm-usage', '--font-render-hinting=none', ...SOFTWARE_COMPOSITING];
  if (env.AWS_LAMBDA_FUNCTION_NAME && env.LAMBDA_TASK_ROOT?.startsWith('/var/task')) return preset.filter((a) => !INSECURE_FLAGS.has(a));
  return localChromiumArgs(preset);
}

/**
 * Launches Chromium; a launch of the package's inflated binary that fails is tried once more on a
 * binary inflated anew (chromium-binary.ts: a truncated one otherwise fails every render until
 * deleted by hand). A system Chromium (CHROMIUM_PATH) is not ours to replace.
 */
async function start(): Promise<Browser> {
  const custom = process.env.CHROMIUM_PATH;
  if (custom) return launchFrom(custom);
  const executablePath = await chromium.executablePath();
  try {
    return await launchFrom(executablePath);
  } catch (error) {
    const renewed = await reinflateChromium(executablePath).catch(() => undefined);
    if (!renewed) throw error;
    return launchFrom(renewed);
  }
}

async function launchFrom(executablePath: string): Promise<Browser> {
  const args = launchArgs();
  const browser = await puppeteer.launch({
    executablePath,
    args,
    headless: true,
    env: { ...process.env, FONTCONFIG_PATH: fontconfigPath() },
    protocolTimeout: 30_000,
    // DevTools over a pipe instead of a WebSocket: when this process ends, however it ends, the
    // pipe closes and Chromium exits with it instead of living on as an orphan.
    pipe: true,
  });
  return browser;
}

async function launch(): Promise<Browser> {
  const browser = await start();
  browser.on('disconnected', () => {
    launching = undefined;
  });
  return browser;
}

/**
 * A browser context for one job. Under --single-process (Lambda) Chromium cannot open a second
 * context, so each job gets a browser of its own: its default context, closing which closes that
 * browser (the isolation a fresh context gives elsewhere, at ~0.5 s a job).
 */
export async function openContext(): Promise<BrowserContext> {
  if (!launchArgs().includes('--single-process')) return (await getBrowser()).createBrowserContext();
  const browser = await start();
  const context = browser.defaultBrowserContext();
  return new Proxy(context, {
    get(target, property) {
      if (property === 'close') return () => browser.close();
      const value: unknown = Reflect.get(target, property, target);
      // Bound to the context itself: its methods use private fields a proxy does not have.
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * The folder of the fonts.conf Chromium reads, the same file in Lambda and locally but for where
 * the print fonts are: bundled at /var/task/fonts in the render Lambda (lib/chromium.ts),
 * installed here from npm into a temporary folder. Open Sans is where @sparticuz/chromium
 * extracts it (/tmp/fonts).
 */
function fontconfigPath(): string {
  const fonts = printFontsDir();
  const confDir = join(tmpdir(), `admissions-fontconfig-${createHash('sha256').update(fonts).digest('hex').slice(0, 12)}`);
  mkdirSync(confDir, { recursive: true });
  // Written beside and renamed: another process may be starting its Chromium on the same folder.
  const conf = join(confDir, `fonts.conf.${process.pid}`);
  writeFileSync(conf, fontconfigFile([fonts, join(tmpdir(), 'fonts')], join(confDir, 'cache')));
  renameSync(conf, join(confDir, 'fonts.conf'));
  return confDir;
}

export async function getBrowser(): Promise<Browser> {
  launching ??= launch().catch((error: unknown) => {
    launching = undefined;
    throw error;
  });
  const browser = await launching;
  if (browser.connected) return browser;
  launching = undefined;
  return getBrowser();
}

export async function closeBrowser(): Promise<void> {
  const current = launching;
  launching = undefined;
  if (current) await (await current.catch(() => undefined))?.close().catch(() => undefined);
}

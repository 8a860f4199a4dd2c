/**
 * One headless Chromium per process (launching costs ~0.4 s; a page ~20 ms), from
 * @sparticuz/chromium, which runs in Lambda and on this Linux alike, or from CHROMIUM_PATH.
 * Its bundled fonts (Open Sans) are the ones the print CSS names, so output matches across both.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import chromium from '@sparticuz/chromium';
import puppeteer, { type Browser } from 'puppeteer-core';

/**
 * Dropped from the Lambda preset: two flags that would weaken the page sandbox we rely on, and
 * --single-process, under which Chromium cannot create the per-job browser contexts.
 */
const DROPPED_FLAGS = new Set(['--disable-web-security', '--allow-running-insecure-content', '--single-process']);

/**
 * The preset's WebGL support (ANGLE on SwiftShader, a GPU emulated on the CPU) is replaced by
 * plain software compositing: printing needs no WebGL, and each render then costs a fifth less
 * CPU and time (measured: 545 → 430 ms of Chromium CPU per application, identical PDF).
 */
const GPU_EMULATION = /^--(use-gl|use-angle|enable-unsafe-swiftshader|in-process-gpu|ignore-gpu-blocklist)\b/;
const NO_GPU = ['--disable-gpu', '--disable-software-rasterizer'];

let launching: Promise<Browser> | undefined;

async function launch(): Promise<Browser> {
  const custom = process.env.CHROMIUM_PATH;
  const executablePath = custom || (await chromium.executablePath());
  const args = [
    ...(custom ? ['--no-sandbox', '--disable-dev-shm-usage', '--font-render-hinting=none'] : chromium.args.filter((a) => !DROPPED_FLAGS.has(a) && !GPU_EMULATION.test(a))),
    ...NO_GPU,
  ];
  const browser = await puppeteer.launch({
    executablePath,
    args,
    headless: true,
    // The extracted font directory of @sparticuz/chromium (Lambda's own setup points here too).
    env: { ...process.env, FONTCONFIG_PATH: process.env.FONTCONFIG_PATH ?? join(tmpdir(), 'fonts') },
    protocolTimeout: 30_000,
  });
  browser.on('disconnected', () => {
    launching = undefined;
  });
  for (const listener of launchListeners) listener(browser);
  return browser;
}

const launchListeners: Array<(browser: Browser) => void> = [];

/**
 * Told of each browser this process starts: the local event runtime lowers Chromium's CPU
 * priority here (local/autogroup.ts). Nothing listens in Lambda, where the renderer runs alone.
 */
export function onBrowserLaunch(listener: (browser: Browser) => void): void {
  launchListeners.push(listener);
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

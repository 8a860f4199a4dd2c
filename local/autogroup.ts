/**
 * Puppeteer starts Chromium in a session of its own (detached, so that it can stop the whole
 * process group), and on Linux with autogroup scheduling every session is a group that gets its
 * fair share of a CPU as a whole: Chromium's idle scheduling class (the local event runtime runs
 * under `chrt --idle`) then only orders its threads among themselves, and its group still took
 * up to half of a CPU from the API and dynalite under load. Lowering the group's niceness to 19
 * makes it yield as the class intends. Lowering one's own priority needs no privilege; without
 * autogroup (or on another OS) the file is absent and nothing changes.
 */
import { writeFileSync } from 'node:fs';
import { onBrowserLaunch } from '#adapters/renderer/browser';

export function lowerAutogroup(pid: number | undefined, nice = 19): void {
  if (!pid) return;
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(nice));
  } catch {
    /* no autogroup scheduling here */
  }
}

/** Every Chromium this process starts yields the CPU to the stack's own processes. */
export function yieldChromiumCpu(): void {
  onBrowserLaunch((browser) => lowerAutogroup(browser.process()?.pid));
}

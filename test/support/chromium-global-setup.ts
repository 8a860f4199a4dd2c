/**
 * The Chromium of @sparticuz/chromium, inflated into the temporary folder once, before any stack or
 * test file starts. On a fresh machine the stacks' renderers (which warm up without being awaited)
 * and the e2e files' browsers otherwise all find the binary missing or half-written at once: the
 * package writes it in place and returns it as soon as the path exists, so a launch meanwhile fails
 * with ETXTBSY, and two writers truncate it (see lambdas/adapters/renderer/chromium-binary.ts).
 */
export default async function setup(): Promise<void> {
  if (process.env.CHROMIUM_PATH) return;
  // Each project runs its global setups; one inflation per run of Vitest is enough.
  const state = globalThis as { __CHROMIUM_INFLATED__?: Promise<string> };
  const { default: chromium } = await import('@sparticuz/chromium');
  await (state.__CHROMIUM_INFLATED__ ??= chromium.executablePath());
}

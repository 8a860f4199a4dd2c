/**
 * @sparticuz/chromium's preset gives Chromium a GPU emulated on the CPU (ANGLE on SwiftShader),
 * for WebGL in Lambda. Outside Lambda we replace it with plain software compositing: printing and
 * the browser tests need no WebGL, and Chromium then spends a fifth less CPU on a render (the PDF
 * renderer: 545 → 430 ms per application, identical PDF) and about a third less on the e2e
 * files' pages (docs/performance.md). Shared by the local renderer and the e2e browser, which
 * run the same Chromium with the same flags outside Lambda (`localChromiumArgs`).
 */
const GPU_EMULATION = /^--(use-gl|use-angle|enable-unsafe-swiftshader|in-process-gpu|ignore-gpu-blocklist)\b/;
/** Plain software compositing: no GPU, emulated or not (also a system Chromium's, CHROMIUM_PATH). */
export const SOFTWARE_COMPOSITING: readonly string[] = ['--disable-gpu', '--disable-software-rasterizer'];

/** The flags without the preset's GPU emulation, with software compositing instead. */
function withSoftwareCompositing(flags: readonly string[]): string[] {
  return [...flags.filter((flag) => !GPU_EMULATION.test(flag)), ...SOFTWARE_COMPOSITING];
}

/** Dropped from the package's preset everywhere: two flags that would weaken the page sandbox we rely on. */
export const INSECURE_FLAGS: ReadonlySet<string> = new Set(['--disable-web-security', '--allow-running-insecure-content']);

/**
 * Dropped from the preset outside Lambda only. --single-process, which @sparticuz/chromium's
 * maintainers keep because multi-process Chromium hangs in Lambda's sandbox, and which a
 * developer's machine does not need (its renderer processes are cheaper to isolate; under it a
 * second browser context cannot be opened, and closing one ends the browser). --no-zygote, which
 * goes with it: without the zygote every new page's renderer process starts Chromium's binary
 * from scratch instead of forking a warm one, ≈ 40 % more of the CPU the e2e files' browsers use
 * (docs/performance.md).
 */
const LAMBDA_ONLY = new Set(['--single-process', '--no-zygote']);

/** The preset outside Lambda: without the insecure flags, --single-process and --no-zygote, with software compositing. */
export function localChromiumArgs(preset: readonly string[]): string[] {
  return withSoftwareCompositing(preset.filter((flag) => !INSECURE_FLAGS.has(flag) && !LAMBDA_ONLY.has(flag)));
}

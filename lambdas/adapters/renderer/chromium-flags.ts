/**
 * @sparticuz/chromium's preset gives Chromium a GPU emulated on the CPU (ANGLE on SwiftShader),
 * for WebGL in Lambda. Outside Lambda we replace it with plain software compositing: printing and
 * the browser tests need no WebGL, and Chromium then spends a fifth less CPU on a render (the PDF
 * renderer: 545 → 430 ms per application, identical PDF) and about a third less on the e2e
 * files' pages (docs/performance.md). Shared by the local renderer and the e2e browser.
 */
const GPU_EMULATION = /^--(use-gl|use-angle|enable-unsafe-swiftshader|in-process-gpu|ignore-gpu-blocklist)\b/;
/** Plain software compositing: no GPU, emulated or not (also a system Chromium's, CHROMIUM_PATH). */
export const SOFTWARE_COMPOSITING: readonly string[] = ['--disable-gpu', '--disable-software-rasterizer'];

/** The flags without the preset's GPU emulation, with software compositing instead. */
export function withSoftwareCompositing(flags: readonly string[]): string[] {
  return [...flags.filter((flag) => !GPU_EMULATION.test(flag)), ...SOFTWARE_COMPOSITING];
}

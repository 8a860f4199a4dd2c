/**
 * Bundling for the functions that run headless Chromium (the PDF renderer, and the converter for
 * .docx via HTML): @sparticuz/chromium and puppeteer-core are installed into the bundle rather
 * than inlined (the Chromium binary is read from the package folder at runtime), sharp likewise
 * for its native binary, and fonts from lambdas/events/fonts/ (if present) are copied to
 * /var/task/fonts, a folder @sparticuz/chromium's fontconfig searches, so output matches local.
 */
import type { BundlingOptions, ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';

export const CHROMIUM_MODULES = ['@sparticuz/chromium', 'puppeteer-core'];
export const FONTS_DIR = 'lambdas/events/fonts';

export const copyFonts: ICommandHooks = {
  beforeBundling: () => [],
  beforeInstall: () => [],
  afterBundling: (inputDir: string, outputDir: string) => [
    `if [ -d "${inputDir}/${FONTS_DIR}" ]; then mkdir -p "${outputDir}/fonts" && cp -R "${inputDir}/${FONTS_DIR}/." "${outputDir}/fonts/"; fi`,
  ],
};

export const chromiumBundling = (extraModules: string[] = []): { nodeModules: string[]; commandHooks: BundlingOptions['commandHooks'] } => ({
  nodeModules: [...CHROMIUM_MODULES, ...extraModules],
  commandHooks: copyFonts,
});

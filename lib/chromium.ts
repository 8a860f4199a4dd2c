/**
 * Bundling for the functions that run headless Chromium (the PDF renderer, and the converter for
 * .docx via HTML): @sparticuz/chromium and puppeteer-core are installed into the bundle rather
 * than inlined (the Chromium binary is read from the package folder at runtime), sharp likewise
 * for its native binary, and the print fonts (lambdas/adapters/renderer/fonts.ts: the Noto
 * families from npm, unpacked to OpenType by the same code the local renderer uses) are written
 * to /var/task/fonts, where the renderer points Chromium's fontconfig: output matches local.
 * The institution's logo goes to /var/task/brand, where the decision letter's letterhead reads it
 * (lambdas/adapters/letterhead.ts: the letter is printed with no network, the logo inlined).
 */
import type { BundlingOptions, ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import { establishedInstitution } from '#config/establish';

export const CHROMIUM_MODULES = ['@sparticuz/chromium', 'puppeteer-core'];
export const PRINT_FONTS_SCRIPT = 'scripts/print-fonts.ts';

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The fonts, and the logo under brand/ by its web build name. */
export function copyFontsAndLogo(): ICommandHooks {
  const logo = establishedInstitution().assets.logo;
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir: string, outputDir: string) => [
      `cd ${quote(inputDir)} && node --import tsx ${PRINT_FONTS_SCRIPT} ${quote(`${outputDir}/fonts`)}`,
      `mkdir -p ${quote(`${outputDir}/brand`)} && cp ${quote(logo.path)} ${quote(`${outputDir}/brand/${logo.fileName}`)}`,
    ],
  };
}

export const chromiumBundling = (extraModules: string[] = []): { nodeModules: string[]; commandHooks: BundlingOptions['commandHooks'] } => ({
  nodeModules: [...CHROMIUM_MODULES, ...extraModules],
  commandHooks: copyFontsAndLogo(),
});

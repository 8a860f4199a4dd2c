import type { Linter } from 'eslint';

/** The architecture's boundaries as ESLint config blocks, for the repository at `basePath` (eslint.config.js). */
export function boundaries(basePath?: string): Linter.Config[];
export const ZONES: readonly { target: string | string[]; from: string | string[]; except?: string[]; message: string }[];
declare const config: Linter.Config[];
export default config;

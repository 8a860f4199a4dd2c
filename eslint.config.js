// @ts-check
/**
 * Lint: typescript-eslint's type-aware recommended rules everywhere, React hooks and jsx-a11y
 * in the web app, and the architecture's import boundaries (no-restricted-imports):
 *   - only lambdas/adapters talks to AWS (@aws-sdk/*); local/ and bench/ are exempt: they stand
 *     in for AWS itself (dynalite's tables, the local identity provider's store) or measure it;
 *   - product code (form, lambdas, web, lib, bin) never imports local/ or bench/;
 *   - form/ imports nothing of ours;
 *   - a web feature reaches another only through its public module (features/<name>/index.ts,
 *     or a second one listed in SECOND_PUBLIC_MODULES).
 * Relative imports are matched by pattern, so the rules are generated per folder depth.
 */
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

const TS = '*.{ts,tsx}';
const MAX_DEPTH = 6;
/** `../` repeated n times, as a regular expression. */
const ups = (n) => `(\\.\\./){${n}}`;

const AWS_SDK = { group: ['@aws-sdk/*'], message: 'Only lambdas/adapters talks to AWS: add or use an adapter there.' };
const NO_LOCAL = { regex: '(^|/)(local|bench)(/|$)', message: 'Product code never depends on the local stack or the benchmarks.' };

/**
 * One block per folder depth under `root`, each with the full rule options (a later block's
 * options replace, not extend, an earlier one's), built by `patternsAt(depth)`.
 */
function byDepth(root, patternsAt, ignores = []) {
  return Array.from({ length: MAX_DEPTH }, (_, depth) => ({
    files: [`${root}/${'*/'.repeat(depth)}${TS}`],
    ignores,
    rules: { 'no-restricted-imports': ['error', { patterns: patternsAt(depth) }] },
  }));
}

/** From a file `depth` folders below form/, any relative path that climbs out of form/. */
const leavesForm = (depth) => ({ regex: `^${ups(depth + 1)}`, message: 'form/ is the shared, pure model: it imports nothing of ours.' });

/**
 * Public modules beside a feature's index.ts, for a small part the rest of the app needs without
 * loading the whole feature: signing in, logging out and the app shell save answers through
 * application/api/answers-api, which is free of the form model that application/index.ts brings
 * (the sign-in chunk and the entry must stay small). Imported as itself, not through a re-export:
 * a re-exporting module made the bundler split it into a chunk of its own on the first load.
 */
const SECOND_PUBLIC_MODULES = ['application/api/answers-api'];
/** A feature name and path below it, unless that path is a second public module. */
const FEATURE_FILE = `(?!(${SECOND_PUBLIC_MODULES.join('|')})$)[^./][^/]*/.+`;

/**
 * From a file `depth` folders below features/<name>/, a path that climbs to features/ and goes
 * into another feature's files rather than its index (`../../other` is fine, `../../other/api/x` is not).
 */
const intoOtherFeature = (depth) => ({
  regex: `^${ups(depth + 1)}${FEATURE_FILE}`,
  message: 'Features reach each other only through their public module (features/<name>/index.ts).',
});
/** From outside features/, a path into a feature's files rather than its index. */
const intoFeatureFiles = { regex: `(^|/)features/${FEATURE_FILE}`, message: 'Use the feature\'s public module (features/<name>/index.ts).' };

export default defineConfig(
  { ignores: ['node_modules/', 'cdk.out/', 'web/dist/', '.data/', 'data/', 'coverage/', '**/*.d.ts'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      // `_` marks a value deliberately left unused (destructured away, a required parameter).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // A `let` assigned once but read earlier by a closure (a lazy value) cannot be a const.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // Tests read JSON responses as untyped data and assert their shape with expect(); the
    // no-unsafe-* family would ask for a type on every body they inspect. Test doubles implement
    // async interfaces (an SDK client's send, a provider's reads) without anything to await.
    files: ['test/**/*.{ts,tsx}', 'web/src/**/*.test.{ts,tsx}', 'form/**/*.test.ts', 'lambdas/**/*.test.ts', 'lambdas/**/*.test-support.ts', 'web/src/test/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest'], jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: { ...globals.browser } },
  },

  // Boundaries. Later blocks win for the files they match.
  { files: ['lambdas/**/*.ts', 'lib/**/*.ts', 'bin/**/*.ts', 'web/**/*.{ts,tsx}'], rules: { 'no-restricted-imports': ['error', { patterns: [AWS_SDK, NO_LOCAL] }] } },
  { files: ['lambdas/adapters/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [NO_LOCAL] }] } },
  ...byDepth('form', (depth) => [AWS_SDK, leavesForm(depth)]),
  ...byDepth('web/src', () => [AWS_SDK, NO_LOCAL, intoFeatureFiles], ['web/src/features/**']),
  ...byDepth('web/src/features/*', (depth) => [AWS_SDK, NO_LOCAL, intoOtherFeature(depth)]),
  // Unit tests beside the Lambda code are tests: like test/, they may drive the local stack's servers and SDK doubles.
  { files: ['lambdas/**/*.test.ts', 'lambdas/**/*.test-support.ts'], rules: { 'no-restricted-imports': 'off' } },
);

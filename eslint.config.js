// @ts-check
/**
 * Lint: typescript-eslint's type-aware recommended rules everywhere, React hooks and jsx-a11y
 * in the web app, and the architecture's boundaries (`boundaries()` below): the README's layout
 * table as import zones on resolved paths (aliases and relative paths alike), no import cycles,
 * and only lambdas/adapters talking to AWS. test/unit/lint-boundaries.test.ts feeds each rule a
 * deliberate violation.
 */
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import noImportCycle from './eslint/no-import-cycle.js';

/** Code that runs as the product (tests, test support and their fixtures may reach across zones). */
const TESTS = ['**/*.test.{ts,tsx}', '**/test-support.{ts,tsx}', '**/*.test-support.ts', 'web/src/test/**', 'test/**'];

const HERE = import.meta.dirname;
/** The web app's features, each a folder of web/src/features. */
const FEATURES = readdirSync(`${HERE}/web/src/features`, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const LIB_READS = "The CDK app reads only the route table (lambdas/routes.ts), the contract in form/ and the institution's configuration (config/).";

/** Everything of ours outside the given top-level folders. */
const TOP = ['form', 'lambdas', 'local', 'web', 'lib', 'bin', 'config', 'test', 'bench', 'scripts'];
const outside = (...allowed) => TOP.filter((f) => !allowed.includes(f)).map((f) => `./${f}`);

/**
 * The layout table of README.md, arrow by arrow: each zone says which files (`target`) may not
 * import which (`from`). Paths are resolved first, so an alias and a relative path are judged alike.
 */
export const ZONES = [
  { target: './form', from: outside('form'), message: 'form/ is the shared, pure model: it imports nothing of ours.' },
  { target: './lambdas', from: outside('lambdas', 'form'), message: 'lambdas/ imports only form/ and itself.' },
  {
    target: './lambdas/domain',
    from: ['./lambdas/adapters', './lambdas/wiring', './lambdas/http', './lambdas/middleware', './lambdas/events', './lambdas/config.ts'],
    message: 'The domain is pure: it declares ports (interfaces) and adapters implement them; it never imports an adapter, a handler or configuration.',
  },
  {
    target: './lambdas/adapters',
    from: ['./lambdas/wiring', './lambdas/http', './lambdas/middleware', './lambdas/events'],
    message: "Adapters implement the domain's ports; they know nothing of handlers, nor of how they are wired (lambdas/wiring).",
  },
  {
    target: './lambdas/wiring',
    from: ['./lambdas/http', './lambdas/events'],
    message: 'A composition root wires adapters into use-cases for the handlers and event functions; it never imports one.',
  },
  {
    target: './lambdas/middleware',
    from: ['./lambdas/http', './lambdas/events', './lambdas/wiring'],
    message: 'Middleware serves the handlers; it never imports one.',
  },
  { target: './lambdas/events', from: ['./lambdas/http', './lambdas/middleware'], message: 'Event functions do not use the HTTP pipeline.' },
  { target: './config', from: outside('config', 'form'), message: "config/ reads the institution's file for the form: it imports only form/." },
  {
    target: './local',
    from: outside('local', 'lambdas', 'form', 'config'),
    message: 'The local stack runs lambdas/ on form/, as the institution of config/; it imports nothing else of ours.',
  },
  { target: './web/src', from: outside('web', 'form'), message: 'The web app imports only form/ and itself: talk to the server through its contract.' },
  {
    target: ['./web/src/components', './web/src/lib'],
    from: ['./web/src/features', './web/src/app'],
    message: 'Shared web code (components, lib) never imports a feature or the app shell.',
  },
  { target: './web/src/features', from: './web/src/app', message: 'Features do not import the app shell: the shell composes them.' },
  ...FEATURES.map((name) => ({
    target: `./web/src/features/${name}`,
    from: './web/src/features',
    except: [`./${name}`, ...FEATURES.map((other) => `./${other}/index.ts`)],
    message: 'Features reach each other only through their public module (features/<name>/index.ts).',
  })),
  { target: './lib', from: outside('lib', 'lambdas', 'form', 'config'), message: LIB_READS },
  { target: './lib', from: './lambdas', except: ['./routes.ts'], message: LIB_READS },
  { target: './bin', from: outside('bin', 'lib', 'lambdas', 'form', 'config'), message: 'bin/ starts the CDK app in lib/, as the institution of config/.' },
];

const AWS_SDK = { group: ['@aws-sdk/*'], message: 'Only lambdas/adapters talks to AWS: add or use an adapter there.' };

/**
 * The boundaries as config blocks, for the repository at `basePath`: zones, no cycles and the AWS
 * SDK only in adapters. Exported for the test that feeds each rule a violation.
 */
export function boundaries(basePath = HERE) {
  return [
    {
      files: ['**/*.{ts,tsx}'],
      plugins: { 'import-x': importX, local: { rules: { 'no-import-cycle': noImportCycle } } },
      settings: {
        // The zones judge resolved paths: TypeScript files, through the aliases of tsconfig.json.
        'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
        'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
        'import-x/resolver-next': [createTypeScriptImportResolver({ project: [`${basePath}/tsconfig.json`], alwaysTryTypes: true })],
      },
      rules: {
        // Type-only imports included (import-x/no-cycle skips them): eslint/no-import-cycle.js.
        'local/no-import-cycle': ['error', { tsconfig: `${basePath}/tsconfig.json` }],
        // One order for every file's imports (autofixed by `eslint --fix`): Node's, packages, our aliases, relative.
        'import-x/order': [
          'error',
          {
            groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
            pathGroups: [{ pattern: '#*/**', group: 'internal' }],
            'newlines-between': 'ignore',
            alphabetize: { order: 'asc', caseInsensitive: true },
          },
        ],
      },
    },
    { files: ['**/*.{ts,tsx}'], ignores: TESTS, rules: { 'import-x/no-restricted-paths': ['error', { basePath, zones: ZONES }] } },
    {
      files: ['lambdas/**/*.ts', 'lib/**/*.ts', 'bin/**/*.ts', 'web/**/*.{ts,tsx}', 'form/**/*.ts'],
      rules: { 'no-restricted-imports': ['error', { patterns: [AWS_SDK] }] },
    },
    { files: ['lambdas/adapters/**/*.ts'], rules: { 'no-restricted-imports': 'off' } },
    // Unit tests beside the Lambda code are tests: like test/, they may drive the local stack's servers and SDK doubles.
    { files: ['lambdas/**/*.test.ts', 'lambdas/**/*.test-support.ts'], rules: { 'no-restricted-imports': 'off' } },
  ];
}

export default defineConfig(
  { ignores: ['node_modules/', 'cdk.out/', 'web/dist/', '.data/', '.test-data/', 'data/', 'coverage/', '**/*.d.ts'] },
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
    files: [
      'test/**/*.{ts,tsx}',
      'web/src/**/*.test.{ts,tsx}',
      'form/**/*.test.ts',
      'lambdas/**/*.test.ts',
      'lambdas/**/*.test-support.ts',
      'web/src/test/**/*.{ts,tsx}',
    ],
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

  ...boundaries(),
);

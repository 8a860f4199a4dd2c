import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { testInstitutionFile } from './test/support/test-timetable';

// The chosen institution (INSTITUTION_CONFIG, or the sample) on a timetable computed from today,
// for this process, its workers and every stack they start (test/support/test-timetable.ts).
process.env.INSTITUTION_CONFIG = testInstitutionFile(
  process.env.INSTITUTION_CONFIG
    ? resolve(process.env.INIT_CWD ?? process.cwd(), process.env.INSTITUTION_CONFIG)
    : resolve(import.meta.dirname, 'institutions/example-state/institution.yaml'),
);

/**
 * One config, several projects, one command (`npm test` runs them all):
 * - domain: the pure rules (form model, configuration, domain with in-memory ports), node, one module graph per worker.
 * - unit: adapters, middleware, handlers and the local stack's parts, node, a module graph per file.
 * - web: React components with Testing Library, jsdom, one module graph per worker.
 * - integration: real handlers over HTTP against the real local servers (one stack per run).
 * - infra: CDK template assertions and cdk-nag.
 * - e2e: headless Chromium against the local stack serving the web build.
 */
export default defineConfig({
  // The path aliases of tsconfig.json (#form/*, #domain/*, …).
  resolve: { tsconfigPaths: true },
  test: {
    globals: true,
    // Two files at a time even on two cores (Vitest's default there is one): most integration
    // files spend their time waiting on the stack's processes (dynalite, s3rver, Chromium), and
    // the bundled synth's npm installs wait on the network.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The usual report, then the time each project took and the slowest files (test/support/project-times.ts).
    reporters: ['default', './test/support/project-times.ts'],
    // Known: SDK releases after January 2027 need Node 22; the pinned ones run on Node 20.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    // Chromium unpacked once before any stack or browser starts (chromium-global-setup.ts); the
    // institution's file, checked once per project, then installed by each test file before the form's modules load.
    globalSetup: ['test/support/chromium-global-setup.ts', 'test/support/institution-global-setup.ts'],
    setupFiles: ['test/support/institution-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          // A ceiling for a hung test, not a speed check: some units scan the whole source tree or
          // start Chromium, seconds on two cores that the other projects' stacks keep busy.
          testTimeout: 20_000,
          include: ['test/unit/**/*.test.ts', 'lambdas/**/*.test.ts'],
          exclude: ['lambdas/domain/**'],
        },
      },
      {
        extends: true,
        test: {
          // The pure rules (form model, configuration, domain with in-memory ports) in one module
          // graph per worker: each isolated file imported the form model and the institution again,
          // 117 s of CPU for these 84 files against 31 s shared. Adapters, middleware and the local
          // stack's units keep a graph per file (unit): they patch process-wide things (the
          // logger's output, clients, the environment).
          name: 'domain',
          environment: 'node',
          include: ['form/**/*.test.ts', 'config/**/*.test.ts', 'lambdas/domain/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          // One module graph and one jsdom per worker: each isolated file imported React, the
          // router, the form model and jsdom again, 261 s of CPU for these 48 files against 56 s
          // shared. The setup file, which runs before each file, starts it as a fresh page load
          // (screen, address, storage, cookies, stubs, timers, the query cache and the app's stores).
          name: 'web',
          environment: 'jsdom',
          // A ceiling for a hung test (the default 5 s is reached by a busy machine's slowest screens).
          testTimeout: 15_000,
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/test/setup.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          environment: 'node',
          include: ['test/infra/**/*.test.ts'],
          globalSetup: ['test/infra/global-setup.ts'],
          // One module graph per worker: aws-cdk-lib loads once, and the harness's synthesized
          // apps are shared between files (every file restores what it changes in process.env).
          isolate: false,
          testTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          // Each file leases one of the project's stacks for its run (two files at once, beside the
          // other projects' files): files never share a stack at the same time.
          setupFiles: ['test/e2e/stack-lease.ts'],
          // One module graph per worker: each isolated file loaded playwright-core (≈ 1.3 s of a
          // core), the three catalogs and the test support again. The lease (stack-lease.ts) lives
          // on globalThis and is undone after each file; files that talk to storage set its
          // endpoints themselves (timetable-stack.ts, service-view.test.ts).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});

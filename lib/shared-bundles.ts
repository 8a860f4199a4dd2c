/**
 * One esbuild run for every function of a synth instead of one per function. NodejsFunction
 * bundles each function on its own, through `npx --no-install esbuild` in a shell: some 80 runs,
 * each paying for npx's start and for parsing the AWS SDK again, which made a synth take more
 * than four minutes of CPU on two cores (docs/performance.md, "Synth"). Here the first function
 * the app bundles builds every handler module of its source folder at once (esbuild parses each shared
 * module once and still writes a separate, tree-shaken bundle per entry), and each function's
 * asset copies its own. The options are NodejsFunction's as lib/function.ts sets them, so a
 * bundle is the same module Lambda loaded before; functions that install packages into their
 * bundle (Chromium, sharp) keep NodejsFunction's own bundling.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AssetHashType, Stage, type BundlingOptions as AssetBundlingOptions, type ILocalBundling } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import { buildSync } from 'esbuild';

/** What every bundle is built with: NodejsFunction's flags for lib/function.ts's settings. */
export interface SharedBundleSettings {
  target: string;
  banner: string;
  define: Record<string, string>;
}

/** The handler modules of a source folder: lambdas/http/*.ts and lambdas/events/*.ts, tests aside. */
function handlerEntries(sourceRoot: string): string[] {
  return ['http', 'events'].flatMap((dir) => {
    const folder = path.join(sourceRoot, 'lambdas', dir);
    if (!fs.existsSync(folder)) return [];
    return fs
      .readdirSync(folder)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
      .map((f) => `${dir}/${f}`);
  });
}

/** An entry's folder in the shared build: `http/api-answer-put.ts` → `http/api-answer-put`. */
const outKey = (entry: string) => entry.replace(/\.tsx?$/, '');

/** The shared builds of this process, one per source folder and synth output folder. */
const builds = new Map<string, { dir: string; built: Set<string> }>();
/** Source folders whose every handler is bundled in the first build (the whole app's: `bundleHandlersTogether`). */
const together = new Set<string>();

/**
 * The app is about to bundle every handler module of `sourceRoot`: the first function bundled
 * builds them all at once. Without it (a test making a few functions), each is built on its own.
 */
export function bundleHandlersTogether(sourceRoot: string): void {
  together.add(sourceRoot);
}

function build(sourceRoot: string, buildDir: string, entries: string[], settings: SharedBundleSettings): void {
  const result = buildSync({
    entryPoints: Object.fromEntries(entries.map((e) => [`${outKey(e)}/index`, path.join(sourceRoot, 'lambdas', e)])),
    outdir: buildDir,
    outExtension: { '.js': '.mjs' },
    absWorkingDir: sourceRoot,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: settings.target,
    mainFields: ['module', 'main'],
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    banner: { js: settings.banner },
    define: settings.define,
    logLevel: 'warning',
  });
  if (result.errors.length > 0) throw new Error(`esbuild failed for ${entries.join(', ')}`);
}

/** Bundles `entry` (relative to `<sourceRoot>/lambdas/`) from the shared build into a function's asset folder. */
// Plain values only: CDK serializes the bundling options, this object included, into the asset's
// cache key, and the entry in it keeps two functions' bundles from being taken for one another.
class SharedBundle implements ILocalBundling {
  constructor(
    readonly sourceRoot: string,
    readonly entry: string,
    readonly buildDir: string,
    readonly settings: SharedBundleSettings,
  ) {}

  tryBundle(outputDir: string): boolean {
    const { buildDir } = this;
    const key = `${this.sourceRoot}\0${buildDir}`;
    let shared = builds.get(key);
    if (!shared) {
      fs.rmSync(buildDir, { recursive: true, force: true });
      shared = { dir: buildDir, built: new Set() };
      builds.set(key, shared);
      process.once('exit', () => fs.rmSync(buildDir, { recursive: true, force: true }));
    }
    if (!shared.built.has(this.entry)) {
      const all = shared.built.size === 0 && together.has(this.sourceRoot);
      const entries = all ? [...new Set([...handlerEntries(this.sourceRoot), this.entry])] : [this.entry];
      build(this.sourceRoot, shared.dir, entries, this.settings);
      for (const e of entries) shared.built.add(e);
    }
    const from = path.join(shared.dir, outKey(this.entry));
    for (const file of ['index.mjs', 'index.mjs.map']) fs.copyFileSync(path.join(from, file), path.join(outputDir, file));
    return true;
  }
}

/**
 * The code of a function whose handler module is `entry`: an asset hashed by its bundle (as
 * NodejsFunction's), made by the shared build. Docker is never used: esbuild is a dependency.
 */
export function sharedBundleCode(scope: IConstruct, sourceRoot: string, entry: string, runtime: lambda.Runtime, settings: SharedBundleSettings): lambda.Code {
  const bundling: AssetBundlingOptions = {
    image: runtime.bundlingImage,
    // Never run (local bundling always answers); it names the entry in the asset's cache key too.
    command: ['bundle', entry],
    // Beside CDK's own bundling folders in the synth's output: the source maps' relative paths are
    // then the ones NodejsFunction writes, and an unchanged function keeps its asset hash.
    local: new SharedBundle(sourceRoot, entry, path.join(Stage.of(scope)?.outdir ?? sourceRoot, 'bundling-shared'), settings),
  };
  return lambda.Code.fromAsset(sourceRoot, { assetHashType: AssetHashType.OUTPUT, bundling });
}

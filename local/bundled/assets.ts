/**
 * What `cdk synth` produced, read back for the local stack: each function's bundle folder
 * (cdk.out/asset.<hash>), handler, memory, timeout and environment, found through the
 * templates (the parent's and its nested stacks') by the construct path the CDK app gives it.
 * Routes are found by their row in lambdas/routes.ts (the API construct names each function
 * Route<Name>, in whichever nested stack lib/route-stacks.ts puts it), so a route added or
 * renamed there needs no change here.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { establishedInstitution } from '#config/establish';
import { routes } from '#lambdas/routes';

const ROOT = resolve(import.meta.dirname, '..', '..');
export const STACK_NAME = 'Admissions';
/**
 * Where the local stack synthesizes: a folder of its own, so that a synth for deployment in
 * cdk.out is never replaced. CDK_OUT=cdk.out serves an existing synth instead.
 */
export const DEFAULT_CDK_OUT = join(ROOT, 'node_modules', '.cache', 'cdk-local');
/**
 * The site's asset is a one-line stand-in page: the local stack serves web/dist itself, and the synth
 * then neither needs a web build nor reads one that a test run is rebuilding at the same moment.
 * The functions' bundles are the same as for a deployment.
 */
const STAND_IN_WEB = join(ROOT, 'node_modules', '.cache', 'cdk-local-web');

/** A template value: a plain string, or a CloudFormation expression resolved only in AWS. */
export type TemplateValue = string | Record<string, unknown>;

export interface SynthesizedFunction {
  /** The route name, or convertUpload / renderPdf / customMessage for the event functions. */
  name: string;
  /** Construct path, e.g. Admissions/Api/ApplicantApi/RouteSaveAnswers/Resource. */
  path: string;
  /** The bundle folder (index.mjs and, for some, node_modules and fonts). */
  dir: string;
  /** The module file and export Lambda loads (index.handler → index.mjs, handler). */
  file: string;
  exportName: string;
  memoryMb: number;
  timeoutSeconds: number;
  environment: Record<string, TemplateValue>;
}

export interface Synthesized {
  outDir: string;
  routes: Map<string, SynthesizedFunction>;
  events: Record<keyof typeof EVENT_PATHS, SynthesizedFunction>;
}

/** Construct paths of the event functions (lib/documents.ts, lib/renderer.ts, lib/auth.ts, lib/staff.ts, lib/mail.ts, lib/retention.ts, lib/cycles.ts). */
const EVENT_PATHS = {
  convertUpload: `${STACK_NAME}/Documents/Convert/Resource`,
  renderPdf: `${STACK_NAME}/Renderer/RenderPdf/Resource`,
  customMessage: `${STACK_NAME}/Auth/CustomMessage/Resource`,
  publishEvent: `${STACK_NAME}/Staff/PublishEvent/Resource`,
  sendConfirmation: `${STACK_NAME}/Mail/SendConfirmation/Resource`,
  sweepRetention: `${STACK_NAME}/Retention/SweepRetention/Resource`,
  sweepOffers: `${STACK_NAME}/Cycles/SweepOffers/Resource`,
} as const;

/** The sender the local synth is given, so the confirmation function is configured as in a deployment that sends mail. */
export const LOCAL_MAIL_FROM = 'admissions@example.edu';

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

interface CfnFunction {
  Type: string;
  Metadata?: Record<string, string>;
  Properties: { Handler?: string; MemorySize?: number; Timeout?: number; Environment?: { Variables?: Record<string, TemplateValue> } };
}

/** The stack's templates: its own and each nested stack's (`<stack><path>.nested.template.json`). */
function templatesOf(outDir: string): string[] {
  const own = `${STACK_NAME}.template.json`;
  const nested = readdirSync(outDir).filter((f) => f.startsWith(STACK_NAME) && f.endsWith('.nested.template.json'));
  return [own, ...nested].map((f) => join(outDir, f));
}

export function readSynthesized(outDir = DEFAULT_CDK_OUT): Synthesized {
  const byPath = new Map<string, CfnFunction>();
  for (const file of templatesOf(outDir)) {
    const template = JSON.parse(readFileSync(file, 'utf8')) as { Resources: Record<string, CfnFunction> };
    for (const resource of Object.values(template.Resources)) {
      if (resource.Type === 'AWS::Lambda::Function' && resource.Metadata?.['aws:cdk:path']) byPath.set(resource.Metadata['aws:cdk:path'], resource);
    }
  }
  /** A route's function by the end of its construct path, whichever nested stack holds it. */
  const routePath = (name: string): string => {
    const suffix = `/Route${pascal(name)}/Resource`;
    return [...byPath.keys()].find((p) => p.startsWith(`${STACK_NAME}/`) && p.endsWith(suffix)) ?? `${STACK_NAME}/…${suffix}`;
  };
  const fn = (name: string, path: string): SynthesizedFunction => {
    const resource = byPath.get(path);
    const asset = resource?.Metadata?.['aws:asset:path'];
    if (!resource || !asset) throw new Error(`${path} is not in ${outDir}: synthesize again (npm run synth)`);
    const [module, exportName] = (resource.Properties.Handler ?? 'index.handler').split('.') as [string, string];
    const dir = join(outDir, asset);
    const file = ['.mjs', '.js', '.cjs'].map((ext) => join(dir, `${module}${ext}`)).find((f) => existsSync(f));
    if (!file) throw new Error(`${dir} holds no ${module} module`);
    return {
      name,
      path,
      dir,
      file,
      exportName,
      memoryMb: resource.Properties.MemorySize ?? 128,
      timeoutSeconds: resource.Properties.Timeout ?? 3,
      environment: resource.Properties.Environment?.Variables ?? {},
    };
  };
  return {
    outDir,
    routes: new Map(routes.map((r) => [r.name, fn(r.name, routePath(r.name))])),
    events: Object.fromEntries(Object.entries(EVENT_PATHS).map(([name, path]) => [name, fn(name, path)])) as Synthesized['events'],
  };
}

/** Newest modification time of the files the functions are built from (sources, CDK app, lock file, the synth's arguments). */
function newestSource(): number {
  let newest = 0;
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  // Not web/dist: the local stack serves the web build itself, not the synthesized copy.
  // local/bundled: the synth's own arguments (its context) are written there.
  for (const dir of ['lambdas', 'form', 'lib', 'bin', 'config', 'local/bundled']) walk(join(ROOT, dir));
  for (const file of ['package-lock.json', 'cdk.json']) newest = Math.max(newest, statSync(join(ROOT, file)).mtimeMs);
  return newest;
}

/** Which institution's file (its hash) the synth in a folder was made for: the functions bundle it. */
const institutionStamp = (outDir: string) => join(outDir, 'institution.hash');

/** True when cdk.out is missing, older than a file it was made from, or made for another institution's file. */
export function synthIsStale(outDir = DEFAULT_CDK_OUT): boolean {
  const template = join(outDir, `${STACK_NAME}.template.json`);
  if (!existsSync(template) || statSync(template).mtimeMs < newestSource()) return true;
  const stamp = institutionStamp(outDir);
  return !existsSync(stamp) || readFileSync(stamp, 'utf8') !== establishedInstitution().hash;
}

/** A command in the repository's folder, its standard error kept; killed when `signal` aborts. */
function run(command: string, args: string[], signal?: AbortSignal): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], signal, killSignal: 'SIGKILL' });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

/**
 * Runs `cdk synth` when cdk.out is stale (about a minute of CPU: one esbuild run for every
 * function, lib/shared-bundles.ts, plus an npm install of Chromium and sharp into two of them),
 * and returns what it produced. `signal`: aborting it stops the synth (its caller went away).
 */
export async function ensureSynthesized(outDir = DEFAULT_CDK_OUT, log: (line: string) => void = () => undefined, signal?: AbortSignal): Promise<Synthesized> {
  if (synthIsStale(outDir)) {
    log(`Synthesizing the stack into ${outDir} (cdk synth, about a minute)...`);
    const started = Date.now();
    mkdirSync(STAND_IN_WEB, { recursive: true });
    writeFileSync(join(STAND_IN_WEB, 'index.html'), '<!doctype html><title>served by the local stack</title>');
    // waf=off: the local stack has no edge, and a CLOUDFRONT web ACL would stop a synth whose
    // credentials name a region other than us-east-1 (lib/waf.ts).
    const result = await run(
      'npx',
      [
        'cdk',
        'synth',
        '--quiet',
        '--output',
        outDir,
        '--context',
        `webBuildDir=${STAND_IN_WEB}`,
        '--context',
        `mailFromAddress=${LOCAL_MAIL_FROM}`,
        '--context',
        'waf=off',
      ],
      signal,
    );
    if (result.status !== 0) throw new Error(`cdk synth failed:\n${result.stderr}`);
    // The synth read the same file: INSTITUTION_CONFIG, which establishing it made absolute.
    writeFileSync(institutionStamp(outDir), establishedInstitution().hash);
    log(`Synthesized in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  }
  return readSynthesized(outDir);
}

/**
 * Synthesizes the stack for tests without bundling (each function's code is a placeholder
 * asset), so a full template takes about a second. Handler modules are stubbed in a temporary
 * source root: the template is a function of the route table, not of handler code (one test
 * bundles for real: bundling.test.ts).
 *
 * The route functions live in nested stacks (lib/route-stacks.ts). Tests read one template,
 * the parent's resources and every nested stack's, with each nested stack's parameters replaced
 * by what the parent passes: a grant reads `{ Ref: <table> }` wherever its function lives.
 * `templates` keeps each real template for the limits test.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { App, Validations, type CfnResource } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { inject } from 'vitest';
import { readSettings, REPO_ROOT, type Settings } from '#cdk/settings';
import { AdmissionsStack } from '#cdk/stack';
import { routes, type RouteDef } from '#lambdas/routes';
import type { Json } from './template';

export const EVENT_ENTRIES = [
  'events/convert-upload.ts',
  'events/render-pdf.ts',
  'events/cognito-custom-message.ts',
  'events/cognito-pre-token.ts',
  'events/publish-event.ts',
  'events/send-confirmation.ts',
  'events/sweep-recommendations.ts',
  'events/release-decisions.ts',
  'events/sweep-retention.ts',
];

let stubs: { sourceRoot: string; webBuildDir: string } | undefined;

/** A folder with lambdas/<entry> for every function and a web build with an index.html (one per test process). */
export function stubSources(): { sourceRoot: string; webBuildDir: string } {
  stubs ??= createStubs();
  return stubs;
}

function createStubs(): { sourceRoot: string; webBuildDir: string } {
  // Inside the repository (NodejsFunction wants entries under the project root), in a folder
  // git and tsc ignore.
  const parent = path.join(REPO_ROOT, 'node_modules', '.cache', 'infra-stubs');
  fs.mkdirSync(parent, { recursive: true });
  // Test workers can be stopped before 'exit' fires; sweep what earlier runs left behind.
  for (const old of fs.readdirSync(parent)) {
    const dir = path.join(parent, old);
    if (Date.now() - fs.statSync(dir).mtimeMs > 3_600_000) fs.rmSync(dir, { recursive: true, force: true });
  }
  const root = fs.mkdtempSync(path.join(parent, 'src-'));
  for (const entry of [...routes.map((r) => r.entry), ...EVENT_ENTRIES]) stubEntry(root, entry);
  const webBuildDir = path.join(root, 'web-dist');
  fs.mkdirSync(webBuildDir);
  fs.writeFileSync(path.join(webBuildDir, 'index.html'), '<!doctype html><title>stub</title>');
  process.on('exit', () => fs.rmSync(root, { recursive: true, force: true }));
  return { sourceRoot: root, webBuildDir };
}

function stubEntry(root: string, entry: string): void {
  const file = path.join(root, 'lambdas', entry);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, 'export const handler = async () => ({});\n');
}

/** One template as CloudFormation receives it: its name and its JSON text. */
export interface TemplateFile {
  name: string;
  /** Where the synth wrote it (for linters that read files). */
  file: string;
  json: Json;
  bytes: number;
}

export interface Synthesized {
  app: App;
  stack: AdmissionsStack;
  /** The parent's resources and every nested stack's, parameters resolved (see above). */
  template: Template;
  templates: TemplateFile[];
  sources: { sourceRoot: string; webBuildDir: string };
}

/** Replaces `{ Ref: parameter }` by the value the parent passes for it, everywhere in a value. */
function substitute(value: Json, parameters: Record<string, Json>): Json {
  if (Array.isArray(value)) return value.map((v) => substitute(v, parameters));
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === 'Ref' && typeof value.Ref === 'string' && value.Ref in parameters) return parameters[value.Ref];
    return Object.fromEntries(keys.map((k) => [k, substitute(value[k], parameters)]));
  }
  return value;
}

export interface SynthOptions {
  nag?: boolean;
  routes?: readonly RouteDef[];
  env?: { account: string; region: string };
}

/**
 * Synthesized apps by their settings, shared by every test of a worker (the infra project does
 * not isolate its files): a synth is a pure function of its context, region and the route table,
 * and about twenty files ask for the default one. Tests only read what they get. Runs with
 * cdk-nag or an own route table are made afresh (nag adds to the app; the routes are stubbed).
 */
const synthesized = new Map<string, Synthesized>();

export function synth(context: Record<string, string> = {}, options: SynthOptions = {}): Synthesized {
  if (options.nag || options.routes) return synthesize(context, options);
  const key = JSON.stringify([Object.entries(context).sort(), options.env ?? null]);
  let found = synthesized.get(key);
  if (!found) {
    found = synthesize(context, options);
    synthesized.set(key, found);
  }
  return found;
}

function synthesize(context: Record<string, string>, options: SynthOptions): Synthesized {
  const sources = stubSources();
  for (const r of options.routes ?? []) stubEntry(sources.sourceRoot, r.entry);
  const app = new App({
    outdir: fs.mkdtempSync(path.join(inject('infraOutRoot'), 'cdk.out-')),
    context: { 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: false,
  });
  const settings: Settings = readSettings((key) => ({ ...context, ...sources })[key]);
  const stack = new AdmissionsStack(app, 'Admissions', { settings, routes: options.routes, env: options.env });
  const assembly = app.synth();
  const read = (file: string): TemplateFile => {
    const text = fs.readFileSync(path.join(assembly.directory, file), 'utf8');
    return { name: file, file: path.join(assembly.directory, file), json: JSON.parse(text), bytes: Buffer.byteLength(text) };
  };
  const parent = read(stack.templateFile);
  const templates = [parent];
  const merged = structuredClone<Json>(parent.json);
  for (const nested of stack.api.routeStacks.values()) {
    const file = read(nested.templateFile);
    templates.push(file);
    const host = merged.Resources[stack.getLogicalId(nested.nestedStackResource as CfnResource)];
    const parameters = (host.Properties.Parameters ?? {}) as Record<string, Json>;
    for (const [id, resource] of Object.entries<Json>(file.json.Resources)) {
      if (id in merged.Resources) throw new Error(`logical id ${id} is in two templates`);
      merged.Resources[id] = substitute(resource, parameters);
    }
  }
  if (options.nag) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const template = Template.fromJSON(merged, { skipCyclicalDependenciesCheck: true });
  return { app, stack, template, templates, sources };
}

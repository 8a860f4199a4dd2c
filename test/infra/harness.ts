/**
 * Synthesizes the stack for tests without bundling (each function's code is a placeholder
 * asset), so a full template takes about a second. Handler modules are stubbed in a temporary
 * source root: the template is a function of the route table, not of handler code (one test
 * bundles for real: bundling.test.ts).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { routes } from '../../lambdas/routes';
import { readSettings, REPO_ROOT, type Settings } from '../../lib/settings';
import { AdmissionsStack } from '../../lib/stack';

export const EVENT_ENTRIES = ['events/convert-upload.ts', 'events/render-pdf.ts', 'events/cognito-custom-message.ts', 'events/publish-event.ts', 'events/send-confirmation.ts'];

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
  for (const entry of [...routes.map((r) => r.entry), ...EVENT_ENTRIES]) {
    const file = path.join(root, 'lambdas', entry);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'export const handler = async () => ({});\n');
  }
  const webBuildDir = path.join(root, 'web-dist');
  fs.mkdirSync(webBuildDir);
  fs.writeFileSync(path.join(webBuildDir, 'index.html'), '<!doctype html><title>stub</title>');
  process.on('exit', () => fs.rmSync(root, { recursive: true, force: true }));
  return { sourceRoot: root, webBuildDir };
}

export interface Synthesized {
  app: App;
  stack: AdmissionsStack;
  template: Template;
  sources: { sourceRoot: string; webBuildDir: string };
}

export function synth(context: Record<string, string> = {}, options: { nag?: boolean } = {}): Synthesized {
  const sources = stubSources();
  const app = new App({
    context: { 'aws:cdk:bundling-stacks': [] },
    builtinCloudFormationValidation: false,
  });
  const settings: Settings = readSettings((key) => ({ ...context, ...sources })[key]);
  const stack = new AdmissionsStack(app, 'Admissions', { settings });
  if (options.nag) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const template = Template.fromStack(stack);
  return { app, stack, template, sources };
}

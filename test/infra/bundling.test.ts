/**
 * The one test that bundles for real (esbuild, no Docker): the house function settings (ESM
 * output, require shim, bundled SDK) produce a module Lambda can load, for the Cognito trigger
 * (which we then invoke) and for a real route handler; each carries the institution's
 * configuration it reads (a define per section), so it loads with none installed.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Stack, type CfnResource } from 'aws-cdk-lib';
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { AppFunction } from '#cdk/function';
import { REPO_ROOT } from '#cdk/settings';
import { institution } from '#form/institution';

const ROUTE_ENTRY = 'http/public-login-post.ts';

describe('bundling', () => {
  const outdir = fs.mkdtempSync(path.join(os.tmpdir(), 'cdk-bundle-'));
  const savedOrigin = process.env.PUBLIC_ORIGIN;
  afterAll(() => {
    fs.rmSync(outdir, { recursive: true, force: true });
    if (savedOrigin === undefined) delete process.env.PUBLIC_ORIGIN;
    else process.env.PUBLIC_ORIGIN = savedOrigin;
  });

  it('produces loadable ESM handlers', { timeout: 120_000 }, async () => {
    const app = new App({ outdir, context: { 'aws:cdk:enable-asset-metadata': true } });
    const stack = new Stack(app, 'Bundle');
    const environment = { APP_ENV: 'test', PUBLIC_ORIGIN: 'https://apply.example.edu' };
    const trigger = new AppFunction(stack, 'Trigger', { entry: 'events/cognito-custom-message.ts', sourceRoot: REPO_ROOT, description: 'test', environment });
    const route = new AppFunction(stack, 'Route', { entry: ROUTE_ENTRY, sourceRoot: REPO_ROOT, description: 'test', environment });
    const mailer = new AppFunction(stack, 'Mailer', { entry: 'events/send-confirmation.ts', sourceRoot: REPO_ROOT, description: 'test', environment });
    const template = app.synth().getStackByName('Bundle').template;

    const bundleOf = (fn: AppFunction) => {
      const id = stack.getLogicalId(fn.node.defaultChild as CfnResource);
      const file = path.join(outdir, template.Resources[id].Metadata['aws:asset:path'], 'index.mjs');
      expect(fs.existsSync(file)).toBe(true);
      return file;
    };

    process.env.PUBLIC_ORIGIN = environment.PUBLIC_ORIGIN;
    const { handler } = (await import(pathToFileURL(bundleOf(trigger)).href)) as {
      handler: (e: CustomMessageTriggerEvent) => Promise<CustomMessageTriggerEvent>;
    };
    const out = await handler({
      triggerSource: 'CustomMessage_ForgotPassword',
      request: { userAttributes: { email: 'ana@example.edu' }, codeParameter: '{####}', linkParameter: '', usernameParameter: null },
      response: { smsMessage: null, emailMessage: null, emailSubject: null },
    } as unknown as CustomMessageTriggerEvent);
    expect(out.response.emailMessage).toContain('https://apply.example.edu/reset?username=ana%40example.edu&amp;id={####}');

    const routeModule = (await import(pathToFileURL(bundleOf(route)).href)) as { handler?: unknown };
    expect(typeof routeModule.handler).toBe('function');
    // The SDK travels inside the bundle instead of coming from the runtime.
    expect(fs.readFileSync(bundleOf(route), 'utf8')).toContain('InitiateAuth');

    // The confirmation mail's function carries the institution's sections as constants, and loads with none installed, as in Lambda.
    const mailerText = fs.readFileSync(bundleOf(mailer), 'utf8');
    expect(mailerText).not.toContain('__INSTITUTION__');
    expect(mailerText).toContain(institution.name);
    const installed = globalThis.__INSTITUTION__;
    Reflect.deleteProperty(globalThis, '__INSTITUTION__');
    try {
      const mailerModule = (await import(pathToFileURL(bundleOf(mailer)).href)) as { handler?: unknown };
      expect(typeof mailerModule.handler).toBe('function');
    } finally {
      globalThis.__INSTITUTION__ = installed;
    }
  });
});

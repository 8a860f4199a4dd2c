/**
 * The house Lambda: a NodejsFunction with our defaults (Node 24, ESM bundle, its own role and
 * log group) and `bind(binding, access)`, which grants access and sets the environment variables
 * in one call, so what a function may touch and what it is configured with never drift apart
 * (after aws-powertools' `bindTable({ table, accessMode })`).
 */
import * as path from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { institutionDefines } from '#config/bundle-defines';
import { establishedInstitution } from '#config/establish';
import type { Access, Binding } from './bindings';
import { REPO_ROOT } from './settings';
import { sharedBundleCode } from './shared-bundles';

export interface AppFunctionProps {
  /** Handler module relative to `<sourceRoot>/lambdas/`; it exports `handler`. */
  entry: string;
  sourceRoot: string;
  description: string;
  /** Variables every function of the app gets (APP_ENV, PUBLIC_ORIGIN, ...). */
  environment: Record<string, string>;
  memorySize?: number;
  timeout?: Duration;
  architecture?: lambda.Architecture;
  /** Packages installed into the bundle instead of inlined (native binaries, Chromium). */
  nodeModules?: string[];
  commandHooks?: BundlingOptions['commandHooks'];
}

export class AppFunction extends NodejsFunction {
  /** Which resources this function was bound to, for tests and the README's audit. */
  readonly bindings: Array<{ name: string; access: Access }> = [];
  /** The handler module this function bundles (absolute path). */
  readonly entryPath: string;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    // An explicit role (instead of the default one with the AWSLambdaBasicExecutionRole managed
    // policy) so the role holds exactly: write to its own log group, plus what bind() adds.
    const role = new iam.Role(scope, `${id}Role`, {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${id}`,
    });
    const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
      retention: logs.RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const runtime = lambda.Runtime.NODEJS_24_X;
    const banner = "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";
    const define = institutionDefines(establishedInstitution().sections);
    // A function that installs packages into its bundle is bundled by NodejsFunction itself; the
    // others share one esbuild run with the same settings (lib/shared-bundles.ts).
    const ownBundling = props.nodeModules !== undefined || props.commandHooks !== undefined;
    super(scope, id, {
      entry: path.join(props.sourceRoot, 'lambdas', props.entry),
      ...(ownBundling
        ? {}
        : { code: sharedBundleCode(scope, props.sourceRoot, props.entry, runtime, { target: 'node24', banner, define }), handler: 'index.handler' }),
      description: props.description,
      runtime,
      architecture: props.architecture ?? lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(15),
      role,
      logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      bundling: {
        format: OutputFormat.ESM,
        target: 'node24',
        mainFields: ['module', 'main'],
        // Some dependencies still call require(); ESM bundles have none unless we provide it.
        banner,
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        // Ship the SDK versions the handlers were tested with, not whatever the runtime carries.
        bundleAwsSDK: true,
        nodeModules: props.nodeModules,
        // Native packages (sharp) must match Lambda, whatever machine runs the synth.
        environment: props.nodeModules ? { npm_config_os: 'linux', npm_config_cpu: 'x64', npm_config_libc: 'glibc' } : undefined,
        commandHooks: props.commandHooks,
        // The institution's configuration: each section the function's modules read, as a constant (config/bundle-defines.ts).
        define,
      },
    });
    logGroup.grantWrite(role);
    this.entryPath = path.join(props.sourceRoot, 'lambdas', props.entry);
  }

  /** Grants `access` (actions or a mode) on the bound resource, in a table only on the partitions `keys` match, and sets the variables that name it. */
  bind(binding: Binding, access: Access, keys?: readonly string[]): this {
    binding.grant(this, access, keys);
    for (const [key, value] of Object.entries(binding.environment)) this.addEnvironment(key, value);
    this.bindings.push({ name: binding.name, access });
    return this;
  }
}

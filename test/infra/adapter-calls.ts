/**
 * What each route's code can call in AWS, read from its bundle as esbuild builds it (tree-shaken,
 * packages left out): the bundle is split into our modules by esbuild's `// lambdas/…` markers,
 * each adapter module's SDK calls (`new GetCommand(`, `createPresignedPost(`, …) are mapped to
 * IAM actions by lambdas/adapters/iam-actions.ts and attributed to the resources that module
 * reaches. A bucket counts only where the bundle names it (`config().uploadsBucket`, …): the
 * object store takes its bucket as an argument.
 */
import * as path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { ADAPTER_RESOURCES, SDK_CALL_ACTIONS, type Resource, type SdkCall } from '#adapters/iam-actions';
import { REPO_ROOT } from '#cdk/settings';
import type { RouteDef } from '#lambdas/routes';

const BUCKETS: Partial<Record<Resource, RegExp>> = {
  uploadsBucket: /\buploadsBucket\b/,
  documentsBucket: /\bdocumentsBucket\b/,
  exportsBucket: /\bexportsBucket\b/,
};

/** Per resource, the SDK calls (or IAM actions) the code makes on it. */
export type CodeActions = Map<Resource, Set<string>>;

export interface ModuleCalls {
  module: string;
  calls: string[];
}

// esbuild renames a second import of the same name (`GetCommand as GetCommand2`). A call sent
// without the SDK's client names the client's command it stands for (`signedSend('HeadObjectCommand', …)`,
// lambdas/adapters/signed-request.ts; `signedCall('AdminGetUserCommand', …)` in identity/verified-email.ts).
const CALL = /\bnew\s+([A-Z][A-Za-z0-9]*Command)\d*\s*\(|\b(createPresignedPost)\d*\s*\(|\b(?:un)?signed[A-Z]\w*\s*\(\s*["']([A-Z][A-Za-z0-9]*Command)["']/g;

/** The SDK calls in one module's bundled text (names of SDK_CALL_ACTIONS, or unknown ones). */
export function callsIn(text: string): string[] {
  return [...new Set([...text.matchAll(CALL)].map((m) => (m[1] ?? m[2] ?? m[3]) as string))].sort();
}

/** Splits a non-minified esbuild bundle into its modules by esbuild's path comments. */
export function modulesOf(bundle: string): Map<string, string> {
  const modules = new Map<string, string>();
  let current = '';
  for (const line of bundle.split('\n')) {
    const marker = /^\/\/ (\S+\.tsx?)$/.exec(line);
    if (marker) {
      current = marker[1] as string;
      continue;
    }
    modules.set(current, `${modules.get(current) ?? ''}${line}\n`);
  }
  return modules;
}

/** An index is only queried; its table's item calls reach the table. */
const reaches = (resource: Resource, action: string) =>
  !['submissionsIndex', 'changesIndex', 'nameIndex', 'scoreIndex', 'auditTrailIndex'].includes(resource) || action === 'dynamodb:Query';

export interface RouteCalls {
  /** The SDK calls per resource. */
  calls: CodeActions;
  /** The IAM actions those calls need, per resource. */
  actions: CodeActions;
  /** Modules that send SDK calls this file has no resource or action for. */
  undeclared: ModuleCalls[];
}

export function actionsOfBundle(bundle: string): RouteCalls {
  const actions: CodeActions = new Map();
  const callsOn: CodeActions = new Map();
  const undeclared: ModuleCalls[] = [];
  const modules = modulesOf(bundle);
  // Configuration and the route table name every bucket; a bucket is reached where other code names it.
  const naming = [...modules]
    .filter(([module]) => module !== 'lambdas/config.ts' && module !== 'lambdas/routes.ts')
    .map(([, text]) => text)
    .join('\n');
  for (const [module, text] of modules) {
    const calls = callsIn(text);
    if (calls.length === 0) continue;
    const adapter = module.startsWith('lambdas/adapters/') ? module.slice('lambdas/adapters/'.length) : undefined;
    const reached = adapter ? ADAPTER_RESOURCES[adapter] : undefined;
    if (!reached || calls.some((c) => !(c in SDK_CALL_ACTIONS))) {
      undeclared.push({ module, calls });
      continue;
    }
    for (const resource of reached) {
      const named = BUCKETS[resource];
      if (named && !named.test(naming)) continue;
      const set = actions.get(resource) ?? new Set<string>();
      const made = callsOn.get(resource) ?? new Set<string>();
      for (const call of calls) {
        const needs = (SDK_CALL_ACTIONS[call as SdkCall] as readonly string[]).filter((a) => reaches(resource, a));
        if (needs.length === 0 && SDK_CALL_ACTIONS[call as SdkCall].length > 0) continue;
        made.add(call);
        for (const action of needs) set.add(action);
      }
      actions.set(resource, set);
      callsOn.set(resource, made);
    }
  }
  return { calls: callsOn, actions, undeclared };
}

/**
 * The pipeline runs the submitted lock (an answers-table read) only for rows flagged
 * `lockedAfterSubmit`; the bundle carries it for every route. For the others it is replaced by a
 * module that throws, so the read is not counted as theirs.
 */
const withoutSubmittedLock: Plugin = {
  name: 'without-submitted-lock',
  setup(b) {
    b.onLoad({ filter: /lambdas[\\/]middleware[\\/]submitted-lock\.ts$/ }, () => ({
      contents: "export function submittedLock() { throw new Error('not a locked route'); }",
      loader: 'ts',
    }));
  },
};

/** Bundles each route's entry and reads its calls. */
export async function callsOfRoutes(rows: readonly RouteDef[]): Promise<Map<string, RouteCalls>> {
  const locked = rows.filter((r) => r.lockedAfterSubmit).map((r) => r.entry);
  const open = rows.filter((r) => !r.lockedAfterSubmit).map((r) => r.entry);
  const [a, b] = await Promise.all([callsOfEntries(locked, []), callsOfEntries(open, [withoutSubmittedLock])]);
  const byName = new Map<string, RouteCalls>();
  for (const row of rows) byName.set(row.name, (a.get(row.entry) ?? b.get(row.entry)) as RouteCalls);
  return byName;
}

/** How the infra checks bundle our Lambda code, as CDK does but without packages (only our code is in question) and in memory. */
export const OUR_CODE_BUILD = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  write: false,
  logLevel: 'silent',
} as const;

/** Bundles each entry (relative to lambdas/) and reads its calls. */
export async function callsOfEntries(entries: readonly string[], plugins: Plugin[]): Promise<Map<string, RouteCalls>> {
  if (entries.length === 0) return new Map();
  const result = await build({
    plugins,
    ...OUR_CODE_BUILD,
    entryPoints: Object.fromEntries(entries.map((e) => [e.replace(/\.ts$/, ''), path.join(REPO_ROOT, 'lambdas', e)])),
    outdir: path.join(REPO_ROOT, '.grants-check'),
  });
  const byEntry = new Map<string, RouteCalls>();
  for (const file of result.outputFiles) {
    const entry = `${path.relative(path.join(REPO_ROOT, '.grants-check'), file.path).replace(/\.js$/, '')}.ts`;
    byEntry.set(entry, actionsOfBundle(file.text));
  }
  return byEntry;
}

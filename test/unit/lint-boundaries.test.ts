import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundaries } from '../../eslint.config.js';

/**
 * The boundaries of the layout table, fed one deliberate violation each: a small repository
 * with the same folders is written to a temporary directory and linted with the same config
 * blocks `npm run lint` uses. If a zone stops catching its violation, this fails.
 */
let root: string;

const files: Record<string, string> = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      module: 'ESNext',
      moduleResolution: 'Bundler',
      strict: true,
      jsx: 'react-jsx',
      paths: { '#form/*': ['./form/*'], '#domain/*': ['./lambdas/domain/*'], '#adapters/*': ['./lambdas/adapters/*'] },
    },
    include: ['**/*'],
  }),
  'form/model.ts': 'export const model = 1;\n',
  'lambdas/routes.ts': 'export const routes = [];\n',
  'lambdas/config.ts': 'export const config = {};\n',
  'lambdas/adapters/store.ts': 'export const store = 1;\n',
  'lambdas/domain/rule.ts': 'export const rule = 1;\n',
  'lambdas/http/handler.ts': 'export const handler = 1;\n',
  'lambdas/wiring/root.ts': "import { store } from '../adapters/store';\nexport const ports = () => ({ store });\n",
  'web/src/features/auth/index.ts': 'export const auth = 1;\n',
  'web/src/features/auth/api/login.ts': 'export const login = 1;\n',
  'web/src/features/staff/index.ts': 'export const staff = 1;\n',
  'web/src/lib/client.ts': 'export const client = 1;\n',
  'lib/stack.ts': 'export const stack = 1;\n',
  'local/server.ts': 'export const server = 1;\n',
  'lambdas/domain/cycle-a.ts': "import { b } from './cycle-b';\nexport const a = () => b;\n",
  'lambdas/domain/cycle-b.ts': "import { a } from './cycle-a';\nexport const b = () => a;\n",
};

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'lint-boundaries-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The rule ids and messages ESLint reports for `code` placed at `path` in the temporary repository. */
async function lint(path: string, code: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.{ts,tsx}'], languageOptions: { parser: (await import('typescript-eslint')).parser } }, ...boundaries(root)],
  });
  const filePath = join(root, path);
  writeFileSync(filePath, code);
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? ''}: ${m.message}`);
}

describe('the layout boundaries, each fed a deliberate violation', () => {
  it('the domain may not import an adapter, by relative path or by alias', async () => {
    expect(await lint('lambdas/domain/uses-adapter.ts', "import { store } from '../adapters/store';\nexport const x = store;\n")).toEqual([
      expect.stringContaining('The domain is pure'),
    ]);
    expect(await lint('lambdas/domain/uses-alias.ts', "import { store } from '#adapters/store';\nexport const x = store;\n")).toEqual([
      expect.stringContaining('The domain is pure'),
    ]);
  });

  it('the domain may not read configuration or a handler', async () => {
    const found = await lint(
      'lambdas/domain/uses-config.ts',
      "import { config } from '../config';\nimport { handler } from '../http/handler';\nexport const x = [config, handler];\n",
    );
    expect(found).toHaveLength(2);
  });

  it('adapters and the domain never import a composition root, and a root never imports a handler', async () => {
    expect(await lint('lambdas/adapters/uses-root.ts', "import { ports } from '../wiring/root';\nexport const x = ports;\n")).toEqual([
      expect.stringContaining('Adapters implement the domain'),
    ]);
    expect(await lint('lambdas/domain/uses-root.ts', "import { ports } from '../wiring/root';\nexport const x = ports;\n")).toEqual([
      expect.stringContaining('The domain is pure'),
    ]);
    expect(await lint('lambdas/wiring/uses-handler.ts', "import { handler } from '../http/handler';\nexport const x = handler;\n")).toEqual([
      expect.stringContaining('A composition root wires adapters'),
    ]);
    expect(await lint('lambdas/http/uses-root.ts', "import { ports } from '../wiring/root';\nexport const x = ports;\n")).toEqual([]);
  });

  it('the domain may import form/ and itself', async () => {
    expect(
      await lint('lambdas/domain/fine.ts', "import { model } from '#form/model';\nimport { rule } from './rule';\nexport const x = [model, rule];\n"),
    ).toEqual([]);
  });

  it('form/ imports nothing of ours', async () => {
    expect(await lint('form/bad.ts', "import { rule } from '../lambdas/domain/rule';\nexport const x = rule;\n")).toEqual([
      expect.stringContaining('form/ is the shared, pure model'),
    ]);
  });

  it('lib/ reads the route table and nothing else of lambdas/', async () => {
    expect(await lint('lib/fine.ts', "import { routes } from '../lambdas/routes';\nexport const x = routes;\n")).toEqual([]);
    expect(await lint('lib/bad.ts', "import { store } from '../lambdas/adapters/store';\nexport const x = store;\n")).toEqual([
      expect.stringContaining('The CDK app reads only the route table'),
    ]);
  });

  it('shared web code never imports a feature; features meet only through index.ts', async () => {
    expect(await lint('web/src/lib/bad.ts', "import { auth } from '../features/auth';\nexport const x = auth;\n")).toEqual([
      expect.stringContaining('Shared web code'),
    ]);
    expect(await lint('web/src/features/staff/fine.ts', "import { auth } from '../auth';\nexport const x = auth;\n")).toEqual([]);
    expect(await lint('web/src/features/staff/bad.ts', "import { login } from '../auth/api/login';\nexport const x = login;\n")).toEqual([
      expect.stringContaining('Features reach each other only through their public module'),
    ]);
  });

  it('the web app never imports the server or the local stack', async () => {
    expect(
      await lint(
        'web/src/lib/server.ts',
        "import { rule } from '../../../lambdas/domain/rule';\nimport { server } from '../../../local/server';\nexport const x = [rule, server];\n",
      ),
    ).toHaveLength(2);
  });

  it('only adapters import the AWS SDK', async () => {
    expect(await lint('lambdas/domain/sdk.ts', "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nexport const x = DynamoDBClient;\n")).toEqual([
      expect.stringContaining('Only lambdas/adapters talks to AWS'),
    ]);
  });

  it('no import cycle', async () => {
    expect(await lint('lambdas/domain/cycle-a.ts', files['lambdas/domain/cycle-a.ts']!)).toEqual([
      expect.stringContaining('local/no-import-cycle: Import cycle: lambdas/domain/cycle-a.ts → lambdas/domain/cycle-b.ts → lambdas/domain/cycle-a.ts'),
    ]);
  });

  it('no import cycle of types either', async () => {
    expect(await lint('lambdas/domain/types-a.ts', "import type { B } from './types-b';\nexport interface A {\n  b?: B;\n}\n")).toEqual([]);
    expect(await lint('lambdas/domain/types-b.ts', "import type { A } from './types-a';\nexport interface B {\n  a?: A;\n}\n")).toEqual([
      expect.stringContaining('local/no-import-cycle: Import cycle: lambdas/domain/types-b.ts → lambdas/domain/types-a.ts → lambdas/domain/types-b.ts'),
    ]);
  });
});

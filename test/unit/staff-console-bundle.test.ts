/**
 * The staff console costs an applicant nothing: none of its modules is reachable from the web
 * app's entry through static imports, so Vite can only put it in lazy chunks. (`npm run bench`
 * checks the built bundle itself; this reads the sources, without building.)
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

const WEB_SRC = resolve(import.meta.dirname, '..', '..', 'web', 'src');
const STAFF = join(WEB_SRC, 'features', 'staff');

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null; // a package
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && /\.(tsx?|css)$/.test(candidate)) return candidate;
  }
  return null;
}

/** Module specifiers a file imports statically (import … from, export … from, import '…'); not import(). */
function staticImports(file: string): string[] {
  if (file.endsWith('.css')) return [];
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const specs: string[] = [];
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      // Type-only imports vanish from the bundle.
      if (ts.isImportDeclaration(statement) && statement.importClause?.isTypeOnly) continue;
      if (ts.isExportDeclaration(statement) && statement.isTypeOnly) continue;
      specs.push(statement.moduleSpecifier.text);
    }
  }
  return specs;
}

/** Every source file the entry loads before any lazy import runs. */
function staticClosure(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of staticImports(file)) {
      const target = resolveImport(file, spec);
      if (target) visit(target);
    }
  };
  visit(entry);
  return seen;
}

/** Files under `dir` that a module imports dynamically (the router's lazy routes). */
function dynamicImportsInto(file: string, dir: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const found: string[] = [];
  const walk = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      const target = resolveImport(file, node.arguments[0].text);
      if (target?.startsWith(dir)) found.push(target);
    }
    ts.forEachChild(node, walk);
  };
  walk(source);
  return found;
}

describe("the applicant's initial JavaScript", () => {
  const initial = staticClosure(join(WEB_SRC, 'main.tsx'));

  it('holds the app shell and its router', () => {
    expect(initial.has(join(WEB_SRC, 'app', 'router.tsx'))).toBe(true);
    expect(initial.size).toBeGreaterThan(10);
  });

  it('holds no module of the staff console', () => {
    expect([...initial].filter((f) => f.startsWith(STAFF)).map((f) => f.slice(WEB_SRC.length + 1))).toEqual([]);
  });

  it('reaches the staff console only through the router’s lazy routes', () => {
    const lazy = dynamicImportsInto(join(WEB_SRC, 'app', 'router.tsx'), STAFF);
    expect([...new Set(lazy.map((f) => f.slice(STAFF.length + 1)))].sort()).toEqual(
      [
        'session/layout.tsx',
        'session/login-route.tsx',
        'applications/list-route.tsx',
        'applications/application-route.tsx',
        'audit/audit-route.tsx',
        'links/links-route.tsx',
        'releases/releases-route.tsx',
        'mailings/mailings-route.tsx',
        'settings/settings-route.tsx',
        'staff-users/staff-users-route.tsx',
        'reading/queue-route.tsx',
        'reading/committee-route.tsx',
        'in-progress/in-progress-route.tsx',
        'dashboard/dashboard-route.tsx',
        'integrations/clients-route.tsx',
      ].sort(),
    );
  });
});

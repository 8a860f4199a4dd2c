/**
 * The web app's module graph read from its sources, without building: what a module loads before
 * any lazy `import()` runs. A module an entry reaches statically is in the chunks that entry
 * downloads, so the bundle tests assert what an entry must not carry as modules it does not reach
 * (`npm run bench -- web` measures the built chunks themselves).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..', '..');
/** The aliases the web's sources import through (tsconfig.json's paths). */
const ALIASES: Record<string, string> = { '#form/': join(ROOT, 'form'), '#web/': join(ROOT, 'web', 'src') };

/** The file `spec` names from `from` (an alias or a relative path), or null for a package. */
function resolveImport(from: string, spec: string): string | null {
  const alias = Object.keys(ALIASES).find((a) => spec.startsWith(a));
  if (!alias && !spec.startsWith('.')) return null;
  const base = alias ? join(ALIASES[alias]!, spec.slice(alias.length)) : resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && /\.(tsx?|css)$/.test(candidate)) return candidate;
  }
  return null;
}

const parse = (file: string) =>
  ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

/** Module specifiers a file imports statically (import … from, export … from, import '…'), type-only ones left out; not import(). */
function staticImports(file: string): string[] {
  if (file.endsWith('.css')) return [];
  const specs: string[] = [];
  for (const statement of parse(file).statements) {
    if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) continue;
    if (!statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    // Type-only imports vanish from the bundle.
    if (ts.isImportDeclaration(statement) && statement.importClause?.isTypeOnly) continue;
    if (ts.isExportDeclaration(statement) && statement.isTypeOnly) continue;
    specs.push(statement.moduleSpecifier.text);
  }
  return specs;
}

/** Every source file (absolute path) `entry` loads before any lazy import runs. */
export function staticClosure(entry: string): Set<string> {
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
export function dynamicImportsInto(file: string, dir: string): string[] {
  const found: string[] = [];
  const walk = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      const target = resolveImport(file, node.arguments[0].text);
      if (target?.startsWith(dir)) found.push(target);
    }
    ts.forEachChild(node, walk);
  };
  walk(parse(file));
  return found;
}

/**
 * What a form page loads (issue 41 item 6, the page's 30 kB): read from the sources' static
 * imports, without building (`npm run bench -- web` measures the built chunks). A module a form
 * page's route reaches statically is in the chunks that page downloads, so what the pages must not
 * carry is asserted here as modules they do not reach.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '..', '..');
const ROUTES = join(ROOT, 'web', 'src', 'features', 'application', 'routes');
/** The aliases the web's sources import through (tsconfig.json's paths). */
const ALIASES: Record<string, string> = { '#form/': join(ROOT, 'form'), '#web/': join(ROOT, 'web', 'src') };

function resolveImport(from: string, spec: string): string | null {
  const alias = Object.keys(ALIASES).find((a) => spec.startsWith(a));
  if (!alias && !spec.startsWith('.')) return null; // a package
  const base = alias ? join(ALIASES[alias]!, spec.slice(alias.length)) : resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** Module specifiers a file imports statically (import … from, export … from, import '…'), type-only ones left out; not import(). */
function staticImports(file: string): string[] {
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
      !(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) ||
      !statement.moduleSpecifier ||
      !ts.isStringLiteral(statement.moduleSpecifier)
    )
      continue;
    // Type-only imports vanish from the bundle.
    if (ts.isImportDeclaration(statement) && statement.importClause?.isTypeOnly) continue;
    if (ts.isExportDeclaration(statement) && statement.isTypeOnly) continue;
    specs.push(statement.moduleSpecifier.text);
  }
  return specs;
}

/** Every source file `entry` loads before any lazy import runs, relative to the repository. */
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
  return new Set([...seen].map((f) => relative(ROOT, f)));
}

const FORM_PAGES = ['about', 'education', 'final-steps'] as const;

describe.each(FORM_PAGES)('the %s form page', (page) => {
  const loaded = staticClosure(join(ROUTES, `${page}.tsx`));

  it('loads the form model (the check below reads the real graph)', () => {
    expect(loaded).toContain('form/model.ts');
    expect(loaded).toContain('form/options/index.ts');
  });

  it("carries no country's English name: the model's countries are codes, named by the catalogs", () => {
    expect(loaded).not.toContain('form/choice-labels.ts');
  });
});

describe('the form layout, which every form page opens with', () => {
  const layout = staticClosure(join(ROOT, 'web', 'src', 'app', 'form-layout.tsx'));

  it("leaves the service view and its printer to the PDF renderer's chunk; the review page keeps the printer", () => {
    expect(layout).toContain('web/src/features/application/components/ServicePrintRoute.tsx');
    expect(layout).not.toContain('web/src/features/application/components/ServiceView.tsx');
    expect(layout).not.toContain('form/print.ts');
    expect(layout).not.toContain('form/choice-labels.ts');
    expect(staticClosure(join(ROUTES, 'review.tsx'))).toContain('form/print.ts');
  });
});

/**
 * What a form page loads (issue 41 item 6, the page's 30 kB), read from the sources' static
 * imports (test/support/static-imports.ts): what the pages must not carry, as modules they do not reach.
 */
import { join, relative, resolve } from 'node:path';
import { staticClosure as closure } from '../support/static-imports';

const ROOT = resolve(import.meta.dirname, '..', '..');
const ROUTES = join(ROOT, 'web', 'src', 'features', 'application', 'routes');

/** Every source file `entry` loads before any lazy import runs, relative to the repository. */
const staticClosure = (entry: string) => new Set([...closure(entry)].map((f) => relative(ROOT, f)));

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

/**
 * The staff console costs an applicant nothing: none of its modules is reachable from the web
 * app's entry through static imports, so Vite can only put it in lazy chunks. (`npm run bench`
 * checks the built bundle itself; this reads the sources, without building.)
 */
import { join, resolve } from 'node:path';
import { dynamicImportsInto, staticClosure } from '../support/static-imports';

const WEB_SRC = resolve(import.meta.dirname, '..', '..', 'web', 'src');
const STAFF = join(WEB_SRC, 'features', 'staff');

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

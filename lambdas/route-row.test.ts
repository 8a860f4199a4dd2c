import { describe, expect, it } from 'vitest';
import { ADMIN_ONLY, ANY_STAFF_ROLE, DECIDING_ROLES } from '#form/wire/roles';
import { routeRow } from './route-row';
import { route } from './routes';

const pipelineFields = (row: object) => {
  const { name, access, lockedAfterSubmit, openedByLink, roles } = row as Record<string, unknown>;
  return Object.fromEntries(Object.entries({ name, access, lockedAfterSubmit, openedByLink, roles }).filter(([, v]) => v !== undefined));
};

describe('routeRow: a handler row without the route table', () => {
  it("is the table's row as the pipeline reads it", () => {
    expect(routeRow('saveAnswers', { access: 'applicant', lockedAfterSubmit: 'by-its-write' })).toEqual(pipelineFields(route('saveAnswers')));
    expect(routeRow('submitApplication', { access: 'applicant' })).toEqual(pipelineFields(route('submitApplication')));
    expect(routeRow('exportApplicationsCsv', { access: 'staff', roles: ANY_STAFF_ROLE, openedByLink: true })).toEqual(
      pipelineFields(route('exportApplicationsCsv')),
    );
    expect(routeRow('recordDecision', { access: 'staff', roles: DECIDING_ROLES })).toEqual(pipelineFields(route('recordDecision')));
  });

  it('does not compile when it differs from the table (npm run typecheck fails on each of these lines without its expectation)', () => {
    const wrong = [
      // @ts-expect-error the row is locked after submit
      () => routeRow('saveAnswers', { access: 'applicant' }),
      // @ts-expect-error the save's lock is carried by its write, not read up front
      () => routeRow('saveAnswers', { access: 'applicant', lockedAfterSubmit: true }),
      // @ts-expect-error the row is not locked
      () => routeRow('submitApplication', { access: 'applicant', lockedAfterSubmit: true }),
      // @ts-expect-error another access level
      () => routeRow('submitApplication', { access: 'public' }),
      // @ts-expect-error fewer roles than the table allows
      () => routeRow('exportApplicationsCsv', { access: 'staff', roles: ['admin'], openedByLink: true }),
      // @ts-expect-error another of the named lists (their types name their roles)
      () => routeRow('listReleases', { access: 'staff', roles: ANY_STAFF_ROLE }),
      // @ts-expect-error fewer roles than the contract allows, by name
      () => routeRow('recordDecision', { access: 'staff', roles: ADMIN_ONLY }),
      // @ts-expect-error a row the browser does not open from a link
      () => routeRow('saveAnswers', { access: 'applicant', lockedAfterSubmit: 'by-its-write', openedByLink: true }),
    ];
    expect(wrong).toHaveLength(8);
  });
});

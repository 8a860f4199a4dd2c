import { describe, expect, it } from 'vitest';
import { applicantEndpoints } from '#form/wire/applicant-endpoints';
import { fillPath } from '#form/wire/endpoint';
import { endpoints, type EndpointName } from '#form/wire/endpoints';
import { isApplicantSessionRoute as isSessionPath, refreshRouteOf as refreshOf } from '#form/wire/sessions';
import { staffEndpoints } from '#form/wire/staff-endpoints';
import { routes } from '#lambdas/routes';

describe('the wire contract and the route table', () => {
  it('has a contract for every route row and a row for every contract', () => {
    const rows = routes.map((r) => r.name);
    const contracts = Object.keys(endpoints) as EndpointName[];
    expect([...rows].sort()).toEqual([...contracts].sort());
    for (const row of routes) expect({ method: row.method, path: row.path }).toEqual({ method: endpoints[row.name].method, path: endpoints[row.name].path });
  });

  it('fills path parameters, encoded, and refuses a missing one', () => {
    expect(fillPath(endpoints.attachUpload.path, { key: 'a/b c' })).toBe('/api/pdf/document-answer/a%2Fb%20c');
    expect(() => fillPath(endpoints.readApplication.path, {})).toThrow(/id/);
  });

  it('renews applicant routes through the applicant refresh and staff routes through the staff one, never public routes', () => {
    const refreshRouteOf = (name: keyof typeof endpoints) => refreshOf(endpoints[name].access);
    const isApplicantSessionRoute = (name: keyof typeof endpoints) => isSessionPath(endpoints[name].path);
    expect(refreshRouteOf('saveAnswers')).toBe('refreshSession');
    expect(refreshRouteOf('listApplications')).toBe('refreshStaffSession');
    for (const name of ['logIn', 'staffLogIn', 'staffLogOut', 'refreshSession', 'refreshStaffSession', 'readServiceView', 'findLookup'] as const) {
      expect(refreshRouteOf(name), name).toBeUndefined();
    }
    // Every route behind an applicant or staff session (by the route table's access level, its contract's) has its refresh.
    for (const row of routes) {
      if (row.access === 'applicant') expect(refreshRouteOf(row.name), row.name).toBe('refreshSession');
      if (row.access === 'staff') expect(refreshRouteOf(row.name), row.name).toBe('refreshStaffSession');
    }
    expect(isApplicantSessionRoute('readServiceView')).toBe(true);
    expect(isApplicantSessionRoute('readApplication')).toBe(false);
  });

  it('keeps every office path in the staff half and none in the applicant half (the first load carries the applicant half only)', () => {
    expect(Object.values(staffEndpoints).every((e) => e.path.startsWith('/staff/'))).toBe(true);
    expect(Object.values(applicantEndpoints).some((e) => e.path.startsWith('/staff/'))).toBe(false);
  });
});

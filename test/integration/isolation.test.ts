import { describe, expect, inject, it, beforeAll } from 'vitest';
import { routes, type RouteDef } from '#lambdas/routes';
import { registeredApplicant, type ApiClient } from '../support/client';

const baseUrl = inject('baseUrl');

/**
 * Applicant B tries every applicant route, naming A wherever a request can name anything
 * (path, body, query). The server must act on B alone: A's data is unchanged afterwards and no
 * response to B carries anything of A's.
 */
describe("one applicant cannot reach another's data by any route", () => {
  let a: ApiClient & { username: string };
  let b: ApiClient & { username: string };
  let aSub: string;
  const secret = `secret-${Date.now()}`;
  let before: unknown;

  beforeAll(async () => {
    [a, b] = await Promise.all([registeredApplicant(baseUrl), registeredApplicant(baseUrl)]);
    await a.put('/api/answer', { first_name: secret, city: secret });
    await a.put('/api/tabs', { tab_id: 'transcript_source', chosen_tab: 'counselor' });
    await a.put('/api/add-another', { button_id: 'activities', num_components: 3 });
    await a.put('/api/last-page', { last_page: '/final-steps' });
    await a.post('/api/web-status', { web_status: 'started' });
    aSub = a.subject;
    before = await snapshot(a);
  });

  async function snapshot(client: ApiClient) {
    const [profile, tabs, add] = await Promise.all([client.get('/api/profile'), client.get('/api/tabs'), client.get('/api/add-another')]);
    return { profile: { ...profile.body, successful_login: undefined }, tabs: tabs.body, add: add.body };
  }

  /** A body for each route that names A (sub, username, file keys) wherever a field could. */
  function hostileBody(route: RouteDef): unknown {
    switch (route.name) {
      case 'saveAnswers':
        return { first_name: 'overwritten-by-b' };
      case 'saveLastPage':
        return { last_page: '/about' };
      case 'advanceWebStatus':
        return { web_status: 'started' };
      case 'saveValidations':
        return { first_name: ['First Name'] };
      case 'saveTab':
        return { tab_id: 'transcript_source', chosen_tab: 'upload' };
      case 'saveAddAnother':
        return { button_id: 'activities', num_components: 1 };
      case 'grantUpload':
        return { answer_key: 'hs_transcript' };
      case 'attachUpload':
        return { file_key: `uploads/${aSub}/hs_transcript/00000000-0000-0000-0000-000000000000`, file_name: 'a.pdf' };
      default:
        return route.method === 'POST' || route.method === 'PUT' ? {} : undefined;
    }
  }

  const applicantRoutes = routes.filter((r) => r.access === 'applicant' && r.name !== 'logOut');
  it.each(applicantRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_label, route) => {
    const path = route.path.replace('{key}', 'hs_transcript') + `?sub=${aSub}&username=${encodeURIComponent(a.username)}`;
    const res = await b.request(route.method, path, hostileBody(route), { headers: { 'x-applicant': aSub } });
    expect(res.status).toBeLessThan(500);
    expect(JSON.stringify(res.body)).not.toContain(secret);
    expect(JSON.stringify(res.body)).not.toContain(a.username);
    expect(await snapshot(a)).toEqual(before);
  });
});

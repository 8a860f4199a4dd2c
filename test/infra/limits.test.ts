/**
 * Room to grow inside CloudFormation's limits: every template (the parent's and each nested
 * stack's) keeps to 60 % of the 500 resources and of the 1 MB a template may have, with the
 * route table as it is and with the twenty-odd routes the coming features add; a row lands in
 * the nested stack of its access level by itself; the stateful resources keep the logical ids
 * they had in the single stack (a new id would make CloudFormation create an empty twin).
 */
import type { CfnResource } from 'aws-cdk-lib';
import { groupOf, TEMPLATE_BUDGET } from '#cdk/route-stacks';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { routes, type Access, type HttpMethod, type RouteDef } from '#lambdas/routes';
import { synth, type TemplateFile } from './harness';

const ONE_MB = 1_048_576;

/** Rows shaped like the recommendation, decision and data-rights features (entries stubbed by the harness). */
function comingRoutes(): RouteDef[] {
  const row = (n: number, access: Access, prefix: string, method: HttpMethod): RouteDef => {
    const fields = {
      name: `coming${access}${n}`,
      method,
      path: `${prefix}/coming-${n}`,
      entry: `http/coming-${access}-${n}-${method.toLowerCase()}.ts`,
      grants: [
        { resource: 'statusTable', calls: ['GetCommand'], actions: ['dynamodb:GetItem'] },
        { resource: 'answersTable', calls: ['GetCommand', 'UpdateCommand'], actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'] },
      ],
    } as const;
    // A staff row names its roles, a machine row its scope (a row without them does not type-check).
    if (access === 'staff') return { ...fields, access, roles: ANY_STAFF_ROLE };
    return access === 'machine' ? { ...fields, access, scope: 'applications.read' } : { ...fields, access };
  };
  return [
    ...[1, 2, 3, 4, 5, 6].map((n) => row(n, 'public', '/public/recommend', n % 2 ? 'GET' : 'POST')),
    ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => row(n, 'applicant', '/api', n % 2 ? 'GET' : 'PUT')),
    ...[1, 2, 3, 4, 5, 6].map((n) => row(n, 'staff', '/staff/api', n % 2 ? 'GET' : 'POST')),
  ];
}

const count = (t: TemplateFile) => Object.keys(t.json.Resources as object).length;
const over = (templates: TemplateFile[]) =>
  templates.filter((t) => count(t) > TEMPLATE_BUDGET.resources || t.bytes > ONE_MB * 0.6).map((t) => `${t.name}: ${count(t)} resources, ${t.bytes} bytes`);

describe('CloudFormation limits', () => {
  it('the budget is 60 % of 500 resources and of 1 MB', () => {
    expect(TEMPLATE_BUDGET.resources).toBe(300);
    expect(TEMPLATE_BUDGET.bytes).toBe(Math.floor(ONE_MB * 0.6));
  });

  it('every template of the stack keeps within the budget', () => {
    const { templates } = synth();
    expect(templates.length).toBeGreaterThan(1);
    expect(over(templates)).toEqual([]);
  });

  it('with twenty more routes every template still keeps within the budget', () => {
    const { templates } = synth({}, { routes: [...routes, ...comingRoutes()] });
    expect(over(templates)).toEqual([]);
  });

  it('a route table that outgrows a nested stack stops the synth and says what to do', () => {
    const many = Array.from({ length: 30 }, () => comingRoutes().filter((r) => r.access === 'applicant')).flatMap((rows, i) =>
      rows.map((r) => ({ ...r, name: `${r.name}x${i}`, path: `${r.path}-${i}` })),
    );
    expect(() => synth({}, { routes: [...routes, ...many] })).toThrow(/ApplicantApi would hold \d+ resources.*lib\/route-stacks\.ts/);
  });
});

describe('one stack per concern, chosen by the row', () => {
  const { stack } = synth({}, { routes: [...routes, ...comingRoutes()] });

  it.each([...routes, ...comingRoutes()].map((r) => [r.name, r] as const))('%s is in the nested stack of its group', (name, route) => {
    const fn = stack.api.functions.get(name)!;
    expect(fn.stack.node.id).toBe(groupOf(route).id);
    expect(fn.stack.nested).toBe(true);
  });

  it('staff routes (also the public staff sign-in) go to the staff stack, applicant routes to theirs, the rest to the public one', () => {
    const group = (name: string) => groupOf(routes.find((r) => r.name === name)!).id;
    expect(group('staffLogIn')).toBe('StaffApi');
    expect(group('listApplications')).toBe('StaffApi');
    expect(group('saveAnswers')).toBe('ApplicantApi');
    expect(group('signUp')).toBe('PublicApi');
    expect(group('readServiceView')).toBe('PublicApi');
    expect(group('findLookup')).toBe('PublicApi');
  });

  it('one deploy: the route stacks are nested in the one stack the app deploys', () => {
    expect(stack.nestedStackParent).toBeUndefined();
    for (const nested of stack.api.routeStacks.values()) expect(nested.nestedStackParent).toBe(stack);
  });

  it('the stage, whose route throttles name route keys, waits for every nested stack that creates routes', () => {
    const { stack: s, template } = synth();
    const [stage] = Object.values<{ DependsOn?: string[] }>(template.findResources('AWS::ApiGatewayV2::Stage'));
    for (const nested of s.api.routeStacks.values()) expect(stage!.DependsOn).toContain(s.getLogicalId(nested.nestedStackResource as CfnResource));
  });
});

describe('stateful resources', () => {
  it('keep the logical ids of the single stack', () => {
    const { stack } = synth();
    const id = (c: { node: { defaultChild?: unknown } }) => stack.getLogicalId(c.node.defaultChild as CfnResource);
    expect({
      answers: id(stack.data.answers),
      status: id(stack.data.status),
      tabs: id(stack.data.tabs),
      lookup: id(stack.data.lookup),
      audit: id(stack.staff.audit),
      applicants: id(stack.auth.userPool),
      staff: id(stack.staff.userPool),
      uploads: id(stack.documents.uploads),
      documents: id(stack.documents.documents),
      exports: id(stack.staff.exports),
      site: id(stack.site.bucket),
      logs: id(stack.accessLogs.bucket),
    }).toEqual({
      answers: 'DataAnswers03C97AB5',
      status: 'DataStatus8FF8C9EE',
      tabs: 'DataTabs0C3BD7BE',
      lookup: 'DataLookup39ED53A8',
      audit: 'StaffAudit668AEBCD',
      applicants: 'AuthApplicantsAF33EBC0',
      staff: 'StaffStaffPool85FCAF7C',
      uploads: 'DocumentsUploads4C6E853D',
      documents: 'Documents18525BEA',
      exports: 'StaffExportsB59DF108',
      site: 'SiteBucket978D4AEB',
      logs: 'AccessLogsBucketCD784A59',
    });
    for (const c of [stack.data.answers, stack.auth.userPool, stack.documents.uploads]) expect(c.stack).toBe(stack);
  });
});

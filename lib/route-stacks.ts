/**
 * Where each row of lambdas/routes.ts is deployed. A route brings about seven resources
 * (function, role, policy, log group, permission, integration, route) and CloudFormation allows
 * 500 per template, so the route functions live in nested stacks of the one app, one per
 * concern, chosen from the row itself: a new row lands in its stack by its access level and
 * path, with no change here. The first group that holds a row takes it; the last takes the rest.
 *
 * A row's group depends on nothing but the row, so adding rows never moves existing ones
 * between stacks (an API route moved between two nested stacks would be created in one before
 * it is deleted from the other, and API Gateway refuses a second route with the same key).
 */
import { CfnResource, Stack } from 'aws-cdk-lib';
import type { RouteDef } from '#lambdas/routes';

export interface RouteGroup {
  /** Construct id of the nested stack (part of its logical id: never rename one). */
  id: string;
  description: string;
  holds(route: RouteDef): boolean;
}

export const ROUTE_GROUPS: readonly RouteGroup[] = [
  {
    // Before StaffApi, which was full (300 resources): only routes added with it, so none moves.
    id: 'OfficeAdminApi',
    description: "An admin's management of the office (/staff/api/staff-users, /staff/api/sis-clients: staff users and the API's machine clients)",
    holds: (r) => ['/staff/api/staff-users', '/staff/api/sis-clients'].some((prefix) => r.path.startsWith(prefix)),
  },
  {
    // The reading work of issue 39 (before StaffApi, full): new paths only, so no route moves.
    // `/staff/api/queue/next`, older, stays in StaffApi: only the exact `/staff/api/queue` is here.
    id: 'ReadingApi',
    description: "Readers' and deciders' work at volume (the queue, checkouts, assignments, the committee, notes, duplicate flags)",
    holds: (r) =>
      r.path === '/staff/api/queue' ||
      ['/staff/api/assignments', '/staff/api/committee'].some((prefix) => r.path.startsWith(prefix)) ||
      /^\/staff\/api\/applications\/\{id\}\/(checkout|notes|duplicates)(\/|$)/.test(r.path),
  },
  {
    id: 'OfficeInsightApi',
    description: "The office's overview (the dashboard, applications in progress, saved filter sets)",
    holds: (r) => ['/staff/api/dashboard', '/staff/api/in-progress', '/staff/api/filter-sets'].some((prefix) => r.path.startsWith(prefix)),
  },
  {
    // Issue 40 (before StaffApi, full, and ApplicantApi): new paths only, so no route moves.
    id: 'MessagesApi',
    description: "Messages to applicants (the office's mailings and suppressions, an application's messages, the applicant's Messages, one-click unsubscribe)",
    holds: (r) =>
      ['/staff/api/mailings', '/staff/api/suppressions', '/api/messages', '/unsubscribe'].some((prefix) => r.path.startsWith(prefix)) ||
      /^\/staff\/api\/applications\/\{id\}\/messages(\/|$)/.test(r.path),
  },
  {
    id: 'StaffApi',
    description: "The admissions office's routes (/staff/api/*: staff sessions, applications, exports, audit)",
    holds: (r) => r.access === 'staff' || r.path.startsWith('/staff/'),
  },
  {
    id: 'ApplicantApi',
    description: "An applicant's routes (signed-in session: answers, documents, submit, PDF)",
    holds: (r) => r.access === 'applicant',
  },
  {
    id: 'SisApi',
    description: "The student information system's API (/sis/v1/*: machine clients' bearer tokens)",
    // Its public OpenAPI document (/sis/v1/openapi.json) too: the API's host name is where a vendor finds it.
    holds: (r) => r.access === 'machine' || r.path.startsWith('/sis/'),
  },
  {
    id: 'PublicApi',
    description: 'Public and service routes (accounts, lookups, the print view)',
    holds: () => true,
  },
];

export function groupOf(route: RouteDef): RouteGroup {
  const group = ROUTE_GROUPS.find((g) => g.holds(route));
  if (!group) throw new Error(`no route group holds ${route.name}`);
  return group;
}

/**
 * Room each template keeps: 60 % of CloudFormation's 500 resources and of its 1 MB template
 * size (checked at synth for resources, and by test/infra/limits.test.ts for both).
 */
export const TEMPLATE_BUDGET = { resources: 300, bytes: Math.floor(1_048_576 * 0.6) } as const;

/** Resources a stack's own template holds (a nested stack counts once, as its parent's resource). */
export function resourcesOf(stack: Stack): number {
  return stack.node.findAll().filter((c) => CfnResource.isCfnResource(c) && Stack.of(c) === stack).length;
}

/** Stops the synth when a template passes the budget, naming the way out. */
export function checkResourceBudget(stack: Stack): void {
  const count = resourcesOf(stack);
  if (count > TEMPLATE_BUDGET.resources) {
    throw new Error(
      `${stack.node.path} would hold ${count} resources, more than the ${TEMPLATE_BUDGET.resources} each template keeps to (60 % of CloudFormation's 500): add a group in lib/route-stacks.ts for some of its routes (by path prefix) or move a construct to a nested stack`,
    );
  }
}

import { issueLinkByOffice } from '#domain/staff/issue-link';
import { ADMIN_ONLY } from '#form/wire/roles';
import { issueTemporaryLinkInput } from '#form/wire/staff';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { issueLinkPorts, linkOrigin } from '#wiring/links';

export const handler = httpHandler(
  routeRow('issueTemporaryLink', { access: 'staff', roles: ADMIN_ONLY }),
  issueTemporaryLinkInput,
  async ({ body, staff, event }) => issueLinkByOffice(await issueLinkPorts(staff, event), linkOrigin(), body, staff.email),
);

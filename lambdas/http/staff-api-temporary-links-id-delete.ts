import { Invalid } from '#domain/errors';
import { revokeLinkByOffice } from '#domain/staff/temporary-links';
import { ADMIN_ONLY } from '#form/wire/roles';
import { TEMPORARY_LINK_ID } from '#form/wire/staff';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { revokeLinkPorts } from '#wiring/links';

/** Revokes one link: its token ends at once (the public route answers as for an unknown link). */
export const handler = httpHandler(routeRow('revokeTemporaryLink', { access: 'staff', roles: ADMIN_ONLY }), async ({ path, staff, event }) => {
  const id = path.id ?? '';
  if (!TEMPORARY_LINK_ID.test(id)) throw new Invalid('That is not a temporary link id.');
  return revokeLinkByOffice(revokeLinkPorts(staff, event), id, staff.email);
});

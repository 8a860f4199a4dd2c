import { readLinkLedger } from '#domain/staff/temporary-links';
import { ADMIN_ONLY } from '#form/wire/roles';
import { listTemporaryLinksInput } from '#form/wire/staff';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { linkLedgerPorts } from '#wiring/links';

/** The links the office issued, newest first; the read is recorded before the list is returned. */
export const handler = httpHandler(
  routeRow('listTemporaryLinks', { access: 'staff', roles: ADMIN_ONLY }),
  listTemporaryLinksInput,
  async ({ query, staff, event }) => readLinkLedger(linkLedgerPorts(staff, event), query.cursor),
);

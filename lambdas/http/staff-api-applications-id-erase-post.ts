import { eraseByOffice } from '#domain/data-rights/close-account';
import { eraseApplicationInput } from '#form/wire/data-rights';
import { ADMIN_ONLY } from '#form/wire/roles';
import { parseApplicationId } from '#form/wire/staff';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { sourceIp } from '#middleware/source-ip';
import { officeErasurePorts } from '#wiring/data-rights';

/**
 * POST /staff/api/applications/{id}/erase {reason}: an admin erases a submitted application.
 * The route audits it and deletes everything but the identity; the identity is deleted by the
 * retention function, the one Lambda allowed to delete identities, which this route invokes and
 * waits for (its one permission beyond the data: InvokeFunction on that function). It answers 200
 * only when the applicant is entirely gone.
 */
export const handler = httpHandler(
  routeRow('eraseApplication', { access: 'staff', roles: ADMIN_ONLY }),
  eraseApplicationInput,
  async ({ path, body, staff, event }) => {
    const id = parseApplicationId(path.id);
    return eraseByOffice(officeErasurePorts(), { id, staff: staff.email, ip: sourceIp(event), reason: body.reason });
  },
);

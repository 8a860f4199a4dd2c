import { route } from '#lambdas/routes';
import { httpHandler } from '#middleware/access/staff';
import { identity } from '#adapters/identity';
import { readSubmitted } from '#adapters/store/submissions-index';
import { appendAudit } from '#adapters/store/audit-store';
import { publishSubmissionEvent } from '#adapters/events';
import { eraseApplicationInput } from '#form/wire/data-rights';
import { parseApplicationId } from '#form/wire/staff';
import { sourceIp } from '#middleware/source-ip';
import { eraseByOffice } from '#domain/data-rights/close-account';
import { erasurePorts } from '#adapters/erasure-ports';

/**
 * POST /staff/api/applications/{id}/erase {reason}: an admin erases a submitted application.
 * The applicant is not signed in, so their identity is deleted by the office (AdminDeleteUser,
 * this route's one IAM permission on the applicant pool).
 */
export const handler = httpHandler(route('eraseApplication'), eraseApplicationInput, async ({ path, body, staff, event }) => {
  const id = parseApplicationId(path.id);
  const idp = identity();
  return eraseByOffice(
    { readSubmitted, appendAudit, publish: publishSubmissionEvent, erasure: erasurePorts((sub) => idp.adminDeleteUser(sub)) },
    { id, staff: staff.email, ip: sourceIp(event), reason: body.reason },
  );
});

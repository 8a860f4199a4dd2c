import { Invalid } from '#domain/errors';
import { parseRecommendationId } from '#domain/recommendations/keys';
import { staffLetterDownload } from '#domain/recommendations/office';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { reply } from '#middleware/http';
import { officeLetterPorts } from '#wiring/recommendations';

/**
 * GET /staff/api/applications/{id}/recommendations/{recommendationId}/letter: a submitted letter,
 * as a 303 to a short-lived signed link; the read is audited before the link is made.
 */
export const handler = httpHandler(routeRow('downloadRecommendationLetter', { access: 'staff', roles: ANY_STAFF_ROLE }), async ({ path, staff, event }) => {
  const id = path.id ?? '';
  if (!/^[A-Za-z0-9-]{1,128}$/.test(id)) throw new Invalid('That is not an application id.');
  const recommendationId = parseRecommendationId(path.recommendationId);
  const url = await staffLetterDownload(officeLetterPorts(staff, event), id, recommendationId);
  return reply(303, { url }, [], { location: url });
});

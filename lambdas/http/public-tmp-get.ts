import { Invalid } from '#domain/errors';
import { openTemporaryLink } from '#domain/staff/temporary-links';
import { readTemporaryAnswersInput } from '#form/wire/queries';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';
import { openLinkPorts } from '#wiring/links';

/**
 * A temporary public answer set (spec: ?token= loads answers without login): answers an
 * admissions office prepared for a prospective applicant, handed out by a time-limited link.
 * A revoked link's token is gone: it answers as an unknown one.
 */
export const handler = httpHandler(routeRow('readTemporaryAnswers', { access: 'public' }), readTemporaryAnswersInput, async ({ query }) => {
  if (!query.token) throw new Invalid('A token is required.');
  return openTemporaryLink(openLinkPorts(), query.token);
});

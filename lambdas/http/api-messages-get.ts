import { applicantMessages } from '#domain/messages/messages';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { applicantMessagesPorts } from '#wiring/messages';

/** GET /api/messages: the status page's Messages section, every message the office sent this application. */
export const handler = httpHandler(routeRow('readMessages', { access: 'applicant' }), ({ applicant }) =>
  applicantMessages(applicantMessagesPorts(), applicant.application),
);

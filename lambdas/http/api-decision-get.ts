import { readApplicantDecision } from '#domain/releases/applicant';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { applicantDecisionPorts } from '#wiring/applicant-decision';

/** GET /api/decision: the session's own decision, `pending` until a release shows it. */
export const handler = httpHandler(routeRow('readDecision', { access: 'applicant' }), async ({ applicant }) =>
  readApplicantDecision(await applicantDecisionPorts(), applicant.application),
);

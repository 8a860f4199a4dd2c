import { decisionSettings } from '#adapters/decision-settings';
import { decisionsStore } from '#adapters/store/decisions-store';
import { readSubmitted } from '#adapters/store/submissions-index';
import { readApplicantDecision } from '#domain/releases/applicant';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';

/** GET /api/decision: the session's own decision, `pending` until a release shows it. */
export const handler = httpHandler(routeRow('readDecision', { access: 'applicant' }), async ({ applicant }) =>
  readApplicantDecision({ decisions: decisionsStore, readSubmitted, settings: decisionSettings() }, applicant.sub),
);

import { readApplicantRecord } from '#adapters/store/answers-store';
import { listRecommendations } from '#adapters/store/recommendations-store';
import { readTabs } from '#adapters/store/tabs-store';
import { readChecklist } from '#domain/checklist';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';

/** GET /api/checklist: the status page's materials, each received (with date), awaited or not required, then the letters asked for. */
export const handler = httpHandler(routeRow('readChecklist', { access: 'applicant' }), async ({ applicant }) =>
  readChecklist({ readApplicantRecord, readTabs, recommendations: { listRecommendations } }, applicant.sub),
);

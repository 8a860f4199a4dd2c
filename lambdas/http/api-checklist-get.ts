import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { readApplicantRecord } from '#adapters/store/answers-store';
import { readTabs } from '#adapters/store/tabs-store';
import { listRecommendations } from '#adapters/store/recommendations-store';
import { applicantChecklist } from '#domain/supplements';
import { recommendationChecklist } from '#domain/recommendations/rules';

/** GET /api/checklist: the status page's materials, each received (with date), awaited or not required, then the letters asked for. */
export const handler = httpHandler(routeRow('readChecklist', { access: 'applicant' }), async ({ applicant }) => {
  const [checklist, recommendations] = await Promise.all([applicantChecklist({ readApplicantRecord, readTabs }, applicant.sub), listRecommendations(applicant.sub)]);
  return { items: [...checklist.items, ...recommendationChecklist(recommendations, new Date())] };
});

import { route } from '#lambdas/routes';
import { httpHandler } from '#middleware/access/applicant';
import { readApplicantRecord } from '#adapters/store/answers-store';
import { readTabs } from '#adapters/store/tabs-store';
import { applicantChecklist } from '#domain/supplements';

/** GET /api/checklist: the status page's materials, each received (with date), awaited or not required. */
export const handler = httpHandler(route('readChecklist'), async ({ applicant }) => applicantChecklist({ readApplicantRecord, readTabs }, applicant.sub));

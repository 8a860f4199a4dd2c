import { route } from '../routes';
import { httpHandler } from '../middleware/access/applicant';
import { applicantChecklist } from '../domain/supplements';

/** GET /api/checklist: the status page's materials, each received (with date), awaited or not required. */
export const handler = httpHandler(route('readChecklist'), async ({ applicant }) => applicantChecklist(applicant.sub));

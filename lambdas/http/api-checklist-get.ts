import { readChecklist } from '#domain/checklist';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { checklistPorts } from '#wiring/status-page';

/** GET /api/checklist: the status page's materials, each received (with date), awaited or not required, then the letters asked for. */
export const handler = httpHandler(routeRow('readChecklist', { access: 'applicant' }), async ({ applicant }) =>
  readChecklist(checklistPorts(), applicant.application),
);

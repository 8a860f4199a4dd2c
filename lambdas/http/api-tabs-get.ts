import { readTabs } from '#adapters/store/tabs-store';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';

export const handler = httpHandler(routeRow('readTabs', { access: 'applicant' }), async ({ applicant }) => readTabs(applicant.application));

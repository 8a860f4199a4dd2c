import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { readAddAnother } from '#adapters/store/tabs-store';

export const handler = httpHandler(routeRow('readAddAnother', { access: 'applicant' }), async ({ applicant }) => readAddAnother(applicant.sub));

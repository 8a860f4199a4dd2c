import { readAddAnother } from '#adapters/store/tabs-store';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';

export const handler = httpHandler(routeRow('readAddAnother', { access: 'applicant' }), async ({ applicant }) => readAddAnother(applicant.application));

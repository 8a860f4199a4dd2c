import { route } from '#lambdas/routes';
import { httpHandler } from '#middleware/access/applicant';
import { readAddAnother } from '#adapters/store/tabs-store';

export const handler = httpHandler(route('readAddAnother'), async ({ applicant }) => readAddAnother(applicant.sub));

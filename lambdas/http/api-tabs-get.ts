import { route } from '#lambdas/routes';
import { httpHandler } from '#middleware/access/applicant';
import { readTabs } from '#adapters/store/tabs-store';

export const handler = httpHandler(route('readTabs'), async ({ applicant }) => readTabs(applicant.sub));

import { httpHandler } from '../middleware/http';
import { readTabs } from '../adapters/store/tabs-store';

export const handler = httpHandler({ name: 'getTabs', access: 'applicant' }, async ({ applicant }) => readTabs(applicant.sub));

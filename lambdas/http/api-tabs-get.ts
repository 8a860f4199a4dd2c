import { route } from '../routes';
import { httpHandler } from '../middleware/http';
import { readTabs } from '../adapters/store/tabs-store';

export const handler = httpHandler(route('readTabs'), async ({ applicant }) => readTabs(applicant.sub));

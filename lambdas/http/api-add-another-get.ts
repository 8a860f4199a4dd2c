import { route } from '../routes';
import { httpHandler } from '../middleware/http';
import { readAddAnother } from '../adapters/store/tabs-store';

export const handler = httpHandler(route('readAddAnother'), async ({ applicant }) => readAddAnother(applicant.sub));

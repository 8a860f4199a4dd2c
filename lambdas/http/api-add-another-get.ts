import { httpHandler } from '../middleware/http';
import { readAddAnother } from '../adapters/store/tabs-store';

export const handler = httpHandler({ name: 'getAddAnother', access: 'applicant' }, async ({ applicant }) => readAddAnother(applicant.sub));

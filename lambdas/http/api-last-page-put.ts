import { route } from '../routes';
import { httpHandler } from '../middleware/access/applicant';
import { saveLastPage } from '../adapters/store/status-store';
import { parseLastPage } from '../domain/application';

export const handler = httpHandler(route('saveLastPage'), { body: parseLastPage }, async ({ applicant, body }) => {
  await saveLastPage(applicant.sub, body);
  return { message: 'Last page saved.', last_page: body };
});

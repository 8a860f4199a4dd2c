import { route } from '../routes';
import { httpHandler } from '../middleware/http';
import { saveLastPage } from '../adapters/store/status-store';
import { parseLastPage } from '../domain/application';

export const handler = httpHandler(route('saveLastPage'), { body: parseLastPage }, async ({ applicant, body }) => {
  await saveLastPage(applicant.sub, body);
  return { message: 'Last page saved.', last_page: body };
});

import { saveLastPage } from '#adapters/store/status-store';
import { saveLastPageInput } from '#form/wire/answers';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';

export const handler = httpHandler(routeRow('saveLastPage', { access: 'applicant' }), saveLastPageInput, async ({ applicant, body }) => {
  await saveLastPage(applicant.application, body);
  return { message: 'Last page saved.', last_page: body };
});

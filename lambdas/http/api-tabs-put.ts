import { route } from '../routes';
import { httpHandler } from '../middleware/access/applicant';
import { saveTab } from '../adapters/store/tabs-store';
import { parseTabChoice } from '../domain/application';

export const handler = httpHandler(route('saveTab'), { body: parseTabChoice }, async ({ applicant, body }) => {
  await saveTab(applicant.sub, body.tabId, body.chosen);
  return { message: 'Tab saved.', tab_id: body.tabId, chosen_tab: body.chosen };
});

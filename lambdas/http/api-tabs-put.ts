import { httpHandler } from '../middleware/http';
import { writeTab } from '../adapters/store/tabs-store';
import { parseTabChoice } from '../domain/application';
import { APPLICATION_LOCKED, refuseAfterSubmission } from './submitted-lock';

export const handler = httpHandler({ name: 'putTabs', access: 'applicant', body: parseTabChoice }, async ({ applicant, body }) => {
  await refuseAfterSubmission(applicant.sub, APPLICATION_LOCKED);
  await writeTab(applicant.sub, body.tabId, body.chosen);
  return { message: 'Tab saved.', tab_id: body.tabId, chosen_tab: body.chosen };
});

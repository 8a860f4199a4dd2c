import { httpHandler } from '../middleware/http';
import { writeAddAnother } from '../adapters/store/tabs-store';
import { parseAddAnother } from '../domain/application';
import { APPLICATION_LOCKED, refuseAfterSubmission } from './submitted-lock';

export const handler = httpHandler({ name: 'putAddAnother', access: 'applicant', body: parseAddAnother }, async ({ applicant, body }) => {
  await refuseAfterSubmission(applicant.sub, APPLICATION_LOCKED);
  await writeAddAnother(applicant.sub, body.buttonId, body.count);
  return { message: 'Saved.', button_id: body.buttonId, num_components: body.count };
});

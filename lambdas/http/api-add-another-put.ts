import { route } from '../routes';
import { httpHandler } from '../middleware/access/applicant';
import { saveAddAnother } from '../adapters/store/tabs-store';
import { parseAddAnother } from '../domain/application';

export const handler = httpHandler(route('saveAddAnother'), { body: parseAddAnother }, async ({ applicant, body }) => {
  await saveAddAnother(applicant.sub, body.buttonId, body.count);
  return { message: 'Saved.', button_id: body.buttonId, num_components: body.count };
});

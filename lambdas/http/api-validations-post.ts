import { route } from '../routes';
import { httpHandler } from '../middleware/access/applicant';
import { saveValidations } from '../adapters/store/status-store';
import { parseProblems } from '../domain/application';

export const handler = httpHandler(route('saveValidations'), { body: parseProblems }, async ({ applicant, body }) => {
  await saveValidations(applicant.sub, body);
  return { message: 'Validations saved.', count: Object.keys(body).length };
});

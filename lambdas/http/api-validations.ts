import { httpHandler } from '../middleware/http';
import { writeValidations } from '../adapters/store/status-store';
import { parseProblems } from '../domain/application';

export const handler = httpHandler({ name: 'validations', access: 'applicant', body: parseProblems }, async ({ applicant, body }) => {
  await writeValidations(applicant.sub, body);
  return { message: 'Validations saved.', count: Object.keys(body).length };
});

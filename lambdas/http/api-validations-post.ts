import { route } from '#lambdas/routes';
import { httpHandler } from '#middleware/access/applicant';
import { saveValidations } from '#adapters/store/status-store';
import { saveValidationsInput } from '#form/wire/answers';

export const handler = httpHandler(route('saveValidations'), saveValidationsInput, async ({ applicant, body }) => {
  await saveValidations(applicant.sub, body);
  return { message: 'Validations saved.', count: Object.keys(body).length };
});

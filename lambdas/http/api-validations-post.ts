import { saveValidations } from '#adapters/store/status-store';
import { saveValidationsInput } from '#form/wire/answers';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';

export const handler = httpHandler(routeRow('saveValidations', { access: 'applicant' }), saveValidationsInput, async ({ applicant, body }) => {
  await saveValidations(applicant.application, body);
  return { message: 'Validations saved.', count: Object.keys(body).length };
});

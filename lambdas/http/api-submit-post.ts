import { SUBMITTED_TEXT, submitApplication } from '#domain/submission';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { submitPorts } from '#wiring/submission';

export const handler = httpHandler(routeRow('submitApplication', { access: 'applicant' }), async ({ applicant }) => {
  await submitApplication(submitPorts(), applicant);
  return { message: SUBMITTED_TEXT, web_status: 'submitted' };
});

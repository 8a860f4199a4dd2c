import { SUBMITTED_TEXT, submitApplication } from '#domain/submission';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { receivedAt } from '#middleware/received-at';
import { submitPorts } from '#wiring/submission';

export const handler = httpHandler(routeRow('submitApplication', { access: 'applicant' }), async ({ applicant, event }) => {
  // The deadline is judged by when the request arrived, to the second (issue 37).
  await submitApplication(submitPorts(), { sub: applicant.application, cycle: applicant.cycle }, receivedAt(event));
  return { message: SUBMITTED_TEXT, web_status: 'submitted' };
});

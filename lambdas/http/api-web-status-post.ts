import { advanceWebStatus } from '#domain/status-service';
import { advanceWebStatusInput } from '#form/wire/answers';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { webStatusPorts } from '#wiring/answers';

export const handler = httpHandler(routeRow('advanceWebStatus', { access: 'applicant' }), advanceWebStatusInput, async ({ applicant, body }) => {
  const web_status = await advanceWebStatus(webStatusPorts(), applicant.application, body);
  return { message: 'Status saved.', web_status };
});

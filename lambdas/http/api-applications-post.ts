import { startApplication } from '#domain/applications/start-application';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { receivedAt } from '#middleware/received-at';
import { startApplicationPorts } from '#wiring/applications';

export const handler = httpHandler(routeRow('startNextApplication', { access: 'applicant' }), async ({ applicant, event }) => {
  // The account's, not the application's: the start adds to the account's list of applications.
  const started = await startApplication(startApplicationPorts(), applicant.sub, receivedAt(event));
  return { message: `Your ${started.label} application is started.`, ...started };
});

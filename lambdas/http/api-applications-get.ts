import { listApplications } from '#domain/applications/list-applications';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { receivedAt } from '#middleware/received-at';
import { listApplicationsPorts } from '#wiring/applications';

export const handler = httpHandler(routeRow('readOwnApplications', { access: 'applicant' }), async ({ applicant, event }) =>
  listApplications(listApplicationsPorts(), applicant.sub, receivedAt(event)),
);

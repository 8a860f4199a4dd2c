import { readServiceView } from '#domain/profile';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/service';
import { serviceViewPorts } from '#wiring/documents';

/** The read-only data the service view (and so the PDF) renders, for the token's one applicant. */
export const handler = httpHandler(routeRow('readServiceView', { access: 'service' }), async ({ service }) =>
  readServiceView(serviceViewPorts(), service.sub, service.language),
);

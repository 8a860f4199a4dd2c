import { staffDownload } from '#domain/documents/downloads';
import { parseApplicationId } from '#form/wire/staff';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/machine';
import { redirect } from '#middleware/http';
import { sisPdfPorts } from '#wiring/sis';

/** GET /sis/v1/applications/{id}/pdf: 303 to a 5-minute link to the application PDF, recorded as a download. */
export const handler = httpHandler(routeRow('sisApplicationPdf', { access: 'machine', scope: 'applications.read' }), async ({ path, machine, event }) =>
  redirect(await staffDownload(sisPdfPorts(machine, event), parseApplicationId(path.id), { kind: 'application-pdf' })),
);

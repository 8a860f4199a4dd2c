import { exportMyData } from '#domain/data-rights/export';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { redirect } from '#middleware/http';
import { openedByLink } from '#middleware/signed-out-page';
import { dataExportPorts } from '#wiring/data-export';

/** GET /api/account/export: 303 to a short-lived link to a new ZIP of the applicant's data (domain/data-rights/export.ts). */
export const handler = httpHandler(openedByLink(routeRow('exportMyData', { access: 'applicant', openedByLink: true })), async ({ applicant }) =>
  redirect(await exportMyData(await dataExportPorts(), applicant.sub)),
);

import { decisionLetterDownload } from '#domain/releases/applicant';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { redirect } from '#middleware/http';
import { openedByLink } from '#middleware/signed-out-page';
import { letterDownloadPorts } from '#wiring/applicant-decision';

/** GET /api/decision/letter/download: 303 to a new short-lived link to the released letter's PDF (`decision-<reference>.pdf`). */
export const handler = httpHandler(openedByLink(routeRow('downloadDecisionLetter', { access: 'applicant', openedByLink: true })), async ({ applicant }) =>
  redirect(await decisionLetterDownload(letterDownloadPorts(), applicant.application)),
);

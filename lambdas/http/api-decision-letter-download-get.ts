import { documentDownloads, objectSize } from '#adapters/storage/signed-objects';
import { decisionsStore } from '#adapters/store/decisions-store';
import { readSubmitted } from '#adapters/store/submissions-index';
import { decisionLetterDownload } from '#domain/releases/applicant';
import { config } from '#lambdas/config';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { redirect } from '#middleware/http';
import { openedByLink } from '#middleware/signed-out-page';
import { requestDecisionLetter } from '#wiring/renderer';

/** GET /api/decision/letter/download: 303 to a new short-lived link to the released letter's PDF (`decision-<reference>.pdf`). */
export const handler = httpHandler(openedByLink(routeRow('downloadDecisionLetter', { access: 'applicant', openedByLink: true })), async ({ applicant }) =>
  redirect(
    await decisionLetterDownload(
      {
        decisions: decisionsStore,
        readSubmitted,
        links: documentDownloads,
        letterSize: (key) => objectSize(config().documentsBucket, key),
        requestLetter: requestDecisionLetter,
      },
      applicant.sub,
    ),
  ),
);

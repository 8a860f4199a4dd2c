import { decisionSettings } from '#adapters/decision-settings';
import { readApplicantDocuments } from '#adapters/document-answers-store';
import { exportsBucket } from '#adapters/storage/exports-bucket';
import { readWholeObject } from '#adapters/storage/signed-objects';
import { ZipArchive } from '#adapters/storage/zip-archive';
import { readApplicantRecord } from '#adapters/store/answers-store';
import { readDecision } from '#adapters/store/decisions-store';
import { rateLimiter } from '#adapters/store/rate-limits';
import { listRecommendations } from '#adapters/store/recommendations-store';
import { readStatus } from '#adapters/store/status-store';
import { exportMyData } from '#domain/data-rights/export';
import { config } from '#lambdas/config';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { redirect } from '#middleware/http';
import { openedByLink } from '#middleware/signed-out-page';

/** GET /api/account/export: 303 to a short-lived link to a new ZIP of the applicant's data (domain/data-rights/export.ts). */
export const handler = httpHandler(openedByLink(routeRow('exportMyData', { access: 'applicant', openedByLink: true })), async ({ applicant }) =>
  redirect(
    await exportMyData(
      {
        sources: {
          readApplicantRecord,
          readApplicantDocuments,
          readStatus,
          readPdf: (pdfKey) => readWholeObject(config().documentsBucket, pdfKey),
          readDecision,
          listRecommendations,
          decisionSettings: decisionSettings(),
        },
        limits: rateLimiter,
        exports: exportsBucket,
        zip: (object) => new ZipArchive(object),
      },
      applicant.sub,
    ),
  ),
);

/**
 * An applicant's copy of their data (domain/data-rights/export.ts): a ZIP of what is stored (the
 * released decision with its letter and reply, the recommenders), streamed into the exports
 * bucket, a few a day.
 */
import { readApplicantDocuments } from '#adapters/document-answers-store';
import { exportsBucket } from '#adapters/storage/exports-bucket';
import { readWholeObject } from '#adapters/storage/signed-objects';
import { ZipArchive } from '#adapters/storage/zip-archive';
import { readApplicantRecord } from '#adapters/store/answers-store';
import { readApplications } from '#adapters/store/applications-store';
import { readDecision } from '#adapters/store/decisions-store';
import { applicantMessages } from '#adapters/store/messages-store';
import { rateLimiter } from '#adapters/store/rate-limits';
import { listRecommendations } from '#adapters/store/recommendations-store';
import { readStatus } from '#adapters/store/status-store';
import type { exportMyData } from '#domain/data-rights/export';
import { config } from '#lambdas/config';
import { freshDecisionSettings } from './applicant-decision';
import type { PortsOf } from './ports-of';

export async function dataExportPorts(): Promise<PortsOf<typeof exportMyData>> {
  return {
    sources: {
      readApplicantRecord,
      readApplicantDocuments,
      readStatus,
      readPdf: (pdfKey) => readWholeObject(config().documentsBucket, pdfKey),
      readDecision,
      listRecommendations,
      decisionSettings: await freshDecisionSettings(),
      readApplications,
      listMessages: (application) => applicantMessages.listMessages(application),
    },
    limits: rateLimiter,
    exports: exportsBucket,
    zip: (object) => new ZipArchive(object),
  };
}

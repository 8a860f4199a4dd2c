/**
 * The wire of the admissions office's routes (under /staff/api/). Loaded with the console, never
 * in the applicant's first load; endpoints.ts joins these with applicant-endpoints.ts for the server.
 */
import type { eraseApplicationInput, ApplicationErased } from './data-rights';
import type {
  recordDecisionInput,
  recordDecisionsInput,
  saveReviewInput,
  scheduleReleaseInput,
  BulkDecisionRecorded,
  DecisionRecorded,
  ReleaseList,
  ReleaseSummary,
  Review,
  ReviewForm,
} from './decisions';
import { GET, POST, PUT, DELETE, endpoint, type NoInput } from './endpoint';
import type * as R from './responses';
import type { exportInput, issueTemporaryLinkInput, listApplicationsInput, listTemporaryLinksInput, readAuditInput, staffLogInInput } from './staff';

export const staffEndpoints = {
  // The admissions office
  staffLogIn: endpoint<typeof staffLogInInput, R.StaffLoginResponse>()(POST, '/staff/api/login'),
  /** 200 `{}` with fresh staff session cookies; 401 `{message}` when the session cannot be refreshed. */
  refreshStaffSession: endpoint<NoInput, Record<string, never>>()(POST, '/staff/api/refresh'),
  staffLogOut: endpoint<NoInput, R.MessageReply>()(GET, '/staff/api/logout'),
  readStaffSession: endpoint<NoInput, R.StaffSession>()(GET, '/staff/api/session'),
  listApplications: endpoint<typeof listApplicationsInput, R.ApplicationPage>()(GET, '/staff/api/applications'),
  readApplication: endpoint<NoInput, R.ApplicationDetail>()(GET, '/staff/api/applications/{id}'),
  /** 303 to a new short-lived link to a document's converted PDF (`<reference>-<question>.pdf`), recorded as a read. */
  downloadApplicationDocument: endpoint<NoInput, R.DownloadReply>()(GET, '/staff/api/applications/{id}/documents/{key}/download'),
  /** 303 to a new short-lived link to the application PDF (`application-<reference>.pdf`), recorded as a read. */
  downloadStaffApplicationPdf: endpoint<NoInput, R.DownloadReply>()(GET, '/staff/api/applications/{id}/pdf/download'),
  exportApplicationsCsv: endpoint<typeof exportInput, R.ExportReply>()(GET, '/staff/api/export.csv'),
  exportApplicationsJson: endpoint<typeof exportInput, R.ExportReply>()(GET, '/staff/api/export.json'),
  issueTemporaryLink: endpoint<typeof issueTemporaryLinkInput, R.IssuedTemporaryLink>()(POST, '/staff/api/temporary-links'),
  listTemporaryLinks: endpoint<typeof listTemporaryLinksInput, R.TemporaryLinkPage>()(GET, '/staff/api/temporary-links'),
  revokeTemporaryLink: endpoint<NoInput, R.MessageReply>()(DELETE, '/staff/api/temporary-links/{id}'),
  readAudit: endpoint<typeof readAuditInput, R.AuditPage>()(GET, '/staff/api/audit'),

  // The office reads a letter: 303 to a short-lived signed URL, an audited read.
  downloadRecommendationLetter: endpoint<NoInput, never>()(GET, '/staff/api/applications/{id}/recommendations/{recommendationId}/letter'),

  // Reviews and decisions (docs/decisions-lifecycle.md). Each staff row of lambdas/routes.ts names the roles it allows.
  /** What a review asks: the rubric's criteria and the recommendations. */
  readReviewForm: endpoint<NoInput, ReviewForm>()(GET, '/staff/api/review-form'),
  /** The reader's queue: the oldest submitted application this reader has not reviewed; 404 `{message}` when none is left. */
  nextToRead: endpoint<NoInput, { id: string; reference: string }>()(GET, '/staff/api/queue/next'),
  /** Adds or revises the caller's own review; the first review moves a submitted application to in_review. */
  saveReview: endpoint<typeof saveReviewInput, Review>()(POST, '/staff/api/applications/{id}/reviews'),
  /** Stages a decision (the applicant sees nothing until release); a released one changes only by an admin with a reason. */
  recordDecision: endpoint<typeof recordDecisionInput, DecisionRecorded>()(PUT, '/staff/api/applications/{id}/decision'),
  /** One decision for up to 500 applications, all or nothing: 409 `{message, ids}` names the ids refused. */
  recordDecisions: endpoint<typeof recordDecisionsInput, BulkDecisionRecorded>()(POST, '/staff/api/decisions'),
  /** Releases now or at `at`; the applicants get an e-mail that an update is available (never the decision). */
  scheduleRelease: endpoint<typeof scheduleReleaseInput, ReleaseSummary>()(POST, '/staff/api/releases'),
  listReleases: endpoint<NoInput, ReleaseList>()(GET, '/staff/api/releases'),
  /** Cancels a scheduled release before it runs; 409 once it ran. */
  cancelRelease: endpoint<NoInput, R.MessageReply>()(DELETE, '/staff/api/releases/{id}'),
  /** An admin erases a submitted application: audited (who, when, reason, reference), then event `Application Erased`. */
  eraseApplication: endpoint<typeof eraseApplicationInput, ApplicationErased>()(POST, '/staff/api/applications/{id}/erase'),
} as const;

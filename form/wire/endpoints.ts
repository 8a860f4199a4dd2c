/**
 * The wire: every route's method, path, input and answer, declared once. The route table
 * (lambdas/routes.ts) takes each row's method and path from here, the handler parses with the
 * route's input (the `*Input` of this folder's modules) and the web app's client is typed by it.
 * The inputs are imported as types only: the browser's bundle carries the paths, not the parsers.
 */
import { endpoint, type NoInput, type WireOnly } from './endpoint';
import type { confirmSignUpInput, forgotPasswordInput, logInInput, resendConfirmationInput, resetPasswordInput, signUpInput } from './accounts';
import type { advanceWebStatusInput, saveAnswersInput, saveLastPageInput, saveValidationsInput } from './answers';
import type { saveAddAnotherInput, saveTabInput } from './form-state';
import type { attachInput, grantSupplementUploadInput, grantUploadInput } from './documents';
import type { readApplicationPdfInput, readTemporaryAnswersInput } from './queries';
import type { findLookupInput } from './lookup';
import type { exportInput, issueTemporaryLinkInput, listApplicationsInput, listTemporaryLinksInput, readAuditInput, staffLogInInput } from './staff';
import type { declineRecommendationInput, inviteRecommenderInput, recommendationTokenBodyInput, recommendationTokenQueryInput, RecommendationItem, RecommendationList, RecommenderView, submitRecommendationInput } from './recommendations';
import type { recordDecisionInput, recordDecisionsInput, replyToDecisionInput, saveReviewInput, scheduleReleaseInput, ApplicantDecision, BulkDecisionRecorded, DecisionRecorded, ReleaseList, ReleaseSummary, Review, ReviewForm } from './decisions';
import type { closeAccountInput, eraseApplicationInput, ApplicationErased } from './data-rights';
import type { FieldErrors } from './input';
import type * as R from './responses';

const GET = 'GET';
const POST = 'POST';
const PUT = 'PUT';
const DELETE = 'DELETE';

export const endpoints = {
  // Accounts (public)
  signUp: endpoint<typeof signUpInput, R.MessageReply>()(POST, '/public/signup'),
  confirmSignUp: endpoint<typeof confirmSignUpInput, R.MessageReply>()(POST, '/public/confirm'),
  resendConfirmation: endpoint<typeof resendConfirmationInput, R.MessageReply>()(POST, '/public/resend-confirm'),
  logIn: endpoint<typeof logInInput, R.MessageReply>()(POST, '/public/login'),
  forgotPassword: endpoint<typeof forgotPasswordInput, R.MessageReply>()(POST, '/public/forgot-password'),
  resetPassword: endpoint<typeof resetPasswordInput, R.MessageReply>()(POST, '/public/reset-password'),
  /** 200 `{}` with fresh session cookies; 401 `{message}` when the session cannot be refreshed. */
  refreshSession: endpoint<NoInput, Record<string, never>>()(POST, '/public/refresh'),
  readTemporaryAnswers: endpoint<typeof readTemporaryAnswersInput, { answer: R.Answers }>()(GET, '/public/tmp'),

  // Service view (PDF rendering): the service token travels in the query.
  readServiceView: endpoint<WireOnly<undefined, { service_token: string }>, R.ServiceViewData>()(GET, '/service/tmp-pdf'),

  // Applicant data
  readProfile: endpoint<NoInput, R.Profile>()(GET, '/api/profile'),
  logOut: endpoint<NoInput, R.MessageReply>()(GET, '/api/logout'),
  saveAnswers: endpoint<typeof saveAnswersInput, R.MessageReply>()(PUT, '/api/answer'),
  saveLastPage: endpoint<typeof saveLastPageInput, R.MessageReply & { last_page: string }>()(PUT, '/api/last-page'),
  advanceWebStatus: endpoint<typeof advanceWebStatusInput, R.WebStatusReply>()(POST, '/api/web-status'),
  saveValidations: endpoint<typeof saveValidationsInput, R.MessageReply & { count: number }>()(POST, '/api/validations'),
  submitApplication: endpoint<NoInput, R.WebStatusReply>()(POST, '/api/submit'),
  readTabs: endpoint<NoInput, Record<string, string>>()(GET, '/api/tabs'),
  saveTab: endpoint<typeof saveTabInput, R.MessageReply & { tab_id: string; chosen_tab: string }>()(PUT, '/api/tabs'),
  readAddAnother: endpoint<NoInput, Record<string, number>>()(GET, '/api/add-another'),
  saveAddAnother: endpoint<typeof saveAddAnotherInput, R.MessageReply & { button_id: string; num_components: number }>()(PUT, '/api/add-another'),

  // Documents and the application PDF
  readDocumentAnswers: endpoint<NoInput, Record<string, R.DocumentAnswer>>()(GET, '/api/document-answer'),
  deleteDocument: endpoint<NoInput, R.MessageReply>()(DELETE, '/api/document-answer/{key}'),
  grantUpload: endpoint<typeof grantUploadInput, R.PresignedPost>()(POST, '/api/presigned-url'),
  attachUpload: endpoint<typeof attachInput, R.ConversionStatusReply & { file_name: string; file_size: number }>()(POST, '/api/pdf/document-answer/{key}'),
  readConversionStatus: endpoint<NoInput, R.ConversionStatusReply>()(GET, '/api/pdf/document-answer/{key}'),
  deleteConversion: endpoint<NoInput, R.MessageReply>()(DELETE, '/api/pdf/document-answer/{key}'),
  readApplicationPdf: endpoint<typeof readApplicationPdfInput, R.PdfResponse>()(GET, '/api/pdf'),
  /** 303 to a new short-lived link to the current PDF (saved as `application-<reference>.pdf`); the page's download link. */
  downloadApplicationPdf: endpoint<NoInput, R.DownloadReply>()(GET, '/api/pdf/download'),

  // Lookups
  findLookup: endpoint<typeof findLookupInput, R.LookupReply>()(GET, '/lookup/find'),

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

  // After submission
  readChecklist: endpoint<NoInput, { items: R.ChecklistItem[] }>()(GET, '/api/checklist'),
  grantSupplementUpload: endpoint<typeof grantSupplementUploadInput, R.PresignedPost>()(POST, '/api/supplement/presigned-url'),
  attachSupplement: endpoint<typeof attachInput, R.ConversionStatusReply & { file_name: string; file_size: number }>()(POST, '/api/supplement/{key}'),

  // Recommendations: the applicant invites, reminds and cancels (a letter's content never comes back)
  listRecommendations: endpoint<NoInput, RecommendationList>()(GET, '/api/recommendations'),
  /** 400 `{message, errors}` for a bad name or e-mail; 409 `{message}` when the waiver is unanswered, the role is full, the address is already invited or is the applicant's own. */
  inviteRecommender: endpoint<typeof inviteRecommenderInput, RecommendationItem>()(POST, '/api/recommendations'),
  /** 429 `{message, next_allowed_at}` within 3 days of the last reminder. */
  remindRecommender: endpoint<NoInput, RecommendationItem>()(POST, '/api/recommendations/{id}/reminder'),
  /** The link stops working at once; 409 for a submitted letter. */
  cancelRecommendation: endpoint<NoInput, R.MessageReply>()(DELETE, '/api/recommendations/{id}'),

  // The recommender: the link's token is the credential (unknown, expired and cancelled links answer 404 alike)
  readRecommendationRequest: endpoint<typeof recommendationTokenQueryInput, RecommenderView>()(GET, '/public/recommendation'),
  grantLetterUpload: endpoint<typeof recommendationTokenBodyInput, R.PresignedPost>()(POST, '/public/recommendation/presigned-url'),
  /** The uploaded letter's conversion: NOT_ANSWERED before an upload, then as the form's documents (a failure says why). */
  readLetterStatus: endpoint<typeof recommendationTokenQueryInput, R.ConversionStatusReply & { file_name?: string }>()(GET, '/public/recommendation/letter'),
  /** 409 when already submitted (or the letter is still being converted or failed). */
  submitRecommendation: endpoint<typeof submitRecommendationInput, R.MessageReply>()(POST, '/public/recommendation/submit'),
  declineRecommendation: endpoint<typeof declineRecommendationInput, R.MessageReply>()(POST, '/public/recommendation/decline'),

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

  // The applicant's decision: nothing before release, then the letter and the reply.
  readDecision: endpoint<NoInput, ApplicantDecision>()(GET, '/api/decision'),
  /** Once; 409 `{message}` for a second reply, a reply the decision does not offer, or one after the reply-by date. */
  replyToDecision: endpoint<typeof replyToDecisionInput, ApplicantDecision>()(POST, '/api/decision/reply'),
  /** 303 to a short-lived link to the decision letter's PDF (`decision-<reference>.pdf`); 404 before release. */
  downloadDecisionLetter: endpoint<NoInput, R.DownloadReply>()(GET, '/api/decision/letter/download'),

  // The applicant's data rights (docs/data-rights.md)
  /** 303 to a short-lived link to a ZIP of everything the applicant gave; 429 `{message, next_allowed_at}` within a minute of the last. */
  exportMyData: endpoint<NoInput, R.DownloadReply>()(GET, '/api/account/export'),
  /** Deletes the account and everything in it; 400 for a wrong password, 409 `{message}` once submitted (the office erases those). */
  closeAccount: endpoint<typeof closeAccountInput, R.MessageReply>()(DELETE, '/api/account'),
  /** An admin erases a submitted application: audited (who, when, reason, reference), then event `Application Erased`. */
  eraseApplication: endpoint<typeof eraseApplicationInput, ApplicationErased>()(POST, '/staff/api/applications/{id}/erase'),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type { FieldErrors };

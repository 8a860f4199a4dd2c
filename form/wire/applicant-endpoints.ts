/**
 * The wire of everything but the admissions office: the public, applicant, service and
 * recommender routes. The web app's first load carries these paths and no others; the console's
 * (staff-endpoints.ts) load with the console. endpoints.ts joins both for the server. None of
 * these records anything in the office's access record (that is the staff routes' declaration).
 */
import type { confirmSignUpInput, forgotPasswordInput, logInInput, resendConfirmationInput, resetPasswordInput, signUpInput } from './accounts';
import type { advanceWebStatusInput, saveAnswersInput, saveLastPageInput, saveValidationsInput } from './answers';
import type { closeAccountInput } from './data-rights';
import type { replyToDecisionInput, ApplicantDecision } from './decisions';
import type { attachInput, grantSupplementUploadInput, grantUploadInput } from './documents';
import { GET, POST, PUT, DELETE, endpoint, type NoInput, type WireOnly } from './endpoint';
import type { saveAddAnotherInput, saveTabInput } from './form-state';
import type { saveLanguageInput } from './language';
import type { findLookupInput } from './lookup';
import type { MessagesReply } from './messages';
import type { readApplicationPdfInput, readTemporaryAnswersInput } from './queries';
import type {
  declineRecommendationInput,
  inviteRecommenderInput,
  recommendationTokenBodyInput,
  recommendationTokenQueryInput,
  RecommendationItem,
  RecommendationList,
  RecommenderView,
  submitRecommendationInput,
} from './recommendations';
import type * as R from './responses';
import type { OfficeTextsReply } from './settings';
import type { unsubscribeInput, UnsubscribeView } from './suppression';

export const applicantEndpoints = {
  // Accounts (public)
  signUp: endpoint<typeof signUpInput, R.MessageReply>()(POST, '/public/signup', { access: 'public' }),
  confirmSignUp: endpoint<typeof confirmSignUpInput, R.MessageReply>()(POST, '/public/confirm', { access: 'public' }),
  resendConfirmation: endpoint<typeof resendConfirmationInput, R.MessageReply>()(POST, '/public/resend-confirm', { access: 'public' }),
  logIn: endpoint<typeof logInInput, R.MessageReply>()(POST, '/public/login', { access: 'public' }),
  forgotPassword: endpoint<typeof forgotPasswordInput, R.MessageReply>()(POST, '/public/forgot-password', { access: 'public' }),
  resetPassword: endpoint<typeof resetPasswordInput, R.MessageReply>()(POST, '/public/reset-password', { access: 'public' }),
  /** 200 `{}` with fresh session cookies; 401 `{message}` when the session cannot be refreshed. */
  refreshSession: endpoint<NoInput, Record<string, never>>()(POST, '/public/refresh', { access: 'public' }),
  readTemporaryAnswers: endpoint<typeof readTemporaryAnswersInput, { answer: R.Answers }>()(GET, '/public/tmp', { access: 'public' }),

  // Service view (PDF rendering): the service token travels in the query.
  readServiceView: endpoint<WireOnly<undefined, { service_token: string }>, R.ServiceViewData>()(GET, '/service/tmp-pdf', { access: 'service' }),

  // Applicant data
  readProfile: endpoint<NoInput, R.Profile>()(GET, '/api/profile', { access: 'applicant' }),
  logOut: endpoint<NoInput, R.MessageReply>()(GET, '/api/logout', { access: 'applicant' }),
  saveAnswers: endpoint<typeof saveAnswersInput, R.MessageReply>()(PUT, '/api/answer', { access: 'applicant' }),
  saveLastPage: endpoint<typeof saveLastPageInput, R.MessageReply & { last_page: string }>()(PUT, '/api/last-page', { access: 'applicant' }),
  /** The language chosen in the switcher, saved on the account: e-mails are written in it (issue 41). */
  saveLanguage: endpoint<typeof saveLanguageInput, R.MessageReply & { language: string }>()(PUT, '/api/language', { access: 'applicant' }),
  advanceWebStatus: endpoint<typeof advanceWebStatusInput, R.WebStatusReply>()(POST, '/api/web-status', { access: 'applicant' }),
  saveValidations: endpoint<typeof saveValidationsInput, R.MessageReply & { count: number }>()(POST, '/api/validations', { access: 'applicant' }),
  submitApplication: endpoint<NoInput, R.WebStatusReply>()(POST, '/api/submit', { access: 'applicant' }),
  /** The account's applications, one per cycle (issue 37); an earlier one is read with `?cycle=` on the read routes. */
  readOwnApplications: endpoint<NoInput, R.ApplicationsReply>()(GET, '/api/applications', { access: 'applicant' }),
  /** Starts the current cycle's application with what does not change carried over; 409 in words when it cannot be started. */
  startNextApplication: endpoint<NoInput, R.ApplicationStartedReply>()(POST, '/api/applications', { access: 'applicant' }),
  readTabs: endpoint<NoInput, Record<string, string>>()(GET, '/api/tabs', { access: 'applicant' }),
  saveTab: endpoint<typeof saveTabInput, R.MessageReply & { tab_id: string; chosen_tab: string }>()(PUT, '/api/tabs', { access: 'applicant' }),
  readAddAnother: endpoint<NoInput, Record<string, number>>()(GET, '/api/add-another', { access: 'applicant' }),
  saveAddAnother: endpoint<typeof saveAddAnotherInput, R.MessageReply & { button_id: string; num_components: number }>()(PUT, '/api/add-another', {
    access: 'applicant',
  }),

  // Documents and the application PDF
  readDocumentAnswers: endpoint<NoInput, Record<string, R.DocumentAnswer>>()(GET, '/api/document-answer', { access: 'applicant' }),
  deleteDocument: endpoint<NoInput, R.MessageReply>()(DELETE, '/api/document-answer/{key}', { access: 'applicant' }),
  grantUpload: endpoint<typeof grantUploadInput, R.PresignedPost>()(POST, '/api/presigned-url', { access: 'applicant' }),
  attachUpload: endpoint<typeof attachInput, R.ConversionStatusReply & { file_name: string; file_size: number }>()(POST, '/api/pdf/document-answer/{key}', {
    access: 'applicant',
  }),
  readConversionStatus: endpoint<NoInput, R.ConversionStatusReply>()(GET, '/api/pdf/document-answer/{key}', { access: 'applicant' }),
  deleteConversion: endpoint<NoInput, R.MessageReply>()(DELETE, '/api/pdf/document-answer/{key}', { access: 'applicant' }),
  readApplicationPdf: endpoint<typeof readApplicationPdfInput, R.PdfResponse>()(GET, '/api/pdf', { access: 'applicant' }),
  /** 303 to a new short-lived link to the current PDF (saved as `application-<reference>.pdf`); the page's download link. */
  downloadApplicationPdf: endpoint<NoInput, R.DownloadReply>()(GET, '/api/pdf/download', { access: 'applicant' }),

  // The office's words of the applicant's pages (announcements, promises, what happens next) as edited in Settings: the same for everyone, no personal data.
  readOfficeTexts: endpoint<NoInput, OfficeTextsReply>()(GET, '/public/office-texts', { access: 'public' }),

  // Lookups
  findLookup: endpoint<typeof findLookupInput, R.LookupReply>()(GET, '/lookup/find', { access: 'public' }),

  // After submission
  readChecklist: endpoint<NoInput, { items: R.ChecklistItem[] }>()(GET, '/api/checklist', { access: 'applicant' }),
  /** The status page's Messages section: every message the office's mailings sent this application, newest first (issue 40). */
  readMessages: endpoint<NoInput, MessagesReply>()(GET, '/api/messages', { access: 'applicant' }),
  grantSupplementUpload: endpoint<typeof grantSupplementUploadInput, R.PresignedPost>()(POST, '/api/supplement/presigned-url', { access: 'applicant' }),
  attachSupplement: endpoint<typeof attachInput, R.ConversionStatusReply & { file_name: string; file_size: number }>()(POST, '/api/supplement/{key}', {
    access: 'applicant',
  }),

  // Recommendations: the applicant invites, reminds and cancels (a letter's content never comes back)
  listRecommendations: endpoint<NoInput, RecommendationList>()(GET, '/api/recommendations', { access: 'applicant' }),
  /** 400 `{message, errors}` for a bad name or e-mail; 409 `{message}` when the waiver is unanswered, the role is full, the address is already invited or is the applicant's own. */
  inviteRecommender: endpoint<typeof inviteRecommenderInput, RecommendationItem>()(POST, '/api/recommendations', { access: 'applicant' }),
  /** 429 `{message, next_allowed_at}` within 3 days of the last reminder. */
  remindRecommender: endpoint<NoInput, RecommendationItem>()(POST, '/api/recommendations/{id}/reminder', { access: 'applicant' }),
  /** The link stops working at once; 409 for a submitted letter. */
  cancelRecommendation: endpoint<NoInput, R.MessageReply>()(DELETE, '/api/recommendations/{id}', { access: 'applicant' }),

  // The recommender: the link's token is the credential (unknown, expired and cancelled links answer 404 alike)
  readRecommendationRequest: endpoint<typeof recommendationTokenQueryInput, RecommenderView>()(GET, '/public/recommendation', { access: 'public' }),
  grantLetterUpload: endpoint<typeof recommendationTokenBodyInput, R.PresignedPost>()(POST, '/public/recommendation/presigned-url', { access: 'public' }),
  /** The uploaded letter's conversion: NOT_ANSWERED before an upload, then as the form's documents (a failure says why). */
  readLetterStatus: endpoint<typeof recommendationTokenQueryInput, R.ConversionStatusReply & { file_name?: string }>()(GET, '/public/recommendation/letter', {
    access: 'public',
  }),
  /** 409 when already submitted (or the letter is still being converted or failed). */
  submitRecommendation: endpoint<typeof submitRecommendationInput, R.MessageReply>()(POST, '/public/recommendation/submit', { access: 'public' }),
  declineRecommendation: endpoint<typeof declineRecommendationInput, R.MessageReply>()(POST, '/public/recommendation/decline', { access: 'public' }),

  // The applicant's decision: nothing before release, then the letter and the reply.
  readDecision: endpoint<NoInput, ApplicantDecision>()(GET, '/api/decision', { access: 'applicant' }),
  /** Once; 409 `{message}` for a second reply, a reply the decision does not offer, or one after the reply-by date. */
  replyToDecision: endpoint<typeof replyToDecisionInput, ApplicantDecision>()(POST, '/api/decision/reply', { access: 'applicant' }),
  /** 303 to a short-lived link to the decision letter's PDF (`decision-<reference>.pdf`); 404 before release. */
  downloadDecisionLetter: endpoint<NoInput, R.DownloadReply>()(GET, '/api/decision/letter/download', { access: 'applicant' }),

  // The applicant's data rights (docs/data-rights.md)
  /** 303 to a short-lived link to a ZIP of everything the applicant gave; 429 `{message, next_allowed_at}` within a minute of the last. */
  exportMyData: endpoint<NoInput, R.DownloadReply>()(GET, '/api/account/export', { access: 'applicant' }),
  /** Deletes the account and everything in it; 400 for a wrong password, 409 `{message}` once submitted (the office erases those). */
  closeAccount: endpoint<typeof closeAccountInput, R.MessageReply>()(DELETE, '/api/account', { access: 'applicant' }),

  // One-click unsubscribe (issue 40): the link's token is the credential; a browser is shown a page (lambdas/http/unsubscribe-page.ts).
  /** Whose link it is and whether it is unsubscribed already; changes nothing (mail scanners follow links). 404 for an unknown link, 429 past its limits. */
  readUnsubscribe: endpoint<typeof unsubscribeInput, UnsubscribeView>()(GET, '/unsubscribe', { access: 'public' }),
  /** RFC 8058's one-click POST (`List-Unsubscribe=One-Click`, form-encoded) or the page's button: the address gets no more marketing mailings. */
  unsubscribe: endpoint<typeof unsubscribeInput, R.MessageReply>()(POST, '/unsubscribe', { access: 'public' }),
} as const satisfies Record<string, { access: string; audit?: never }>;

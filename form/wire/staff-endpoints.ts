/**
 * The wire of the admissions office's routes (under /staff/api/). Loaded with the console, never
 * in the applicant's first load; endpoints.ts joins these with applicant-endpoints.ts for the server.
 *
 * Each staff route is declared here once: besides its method, path, input and answer, the roles
 * it allows, the actions it records in the office's access record with the words the record
 * shows (form/wire/audit.ts) and an example request. From these come the role check of its
 * handler (lambdas/route-row.ts checks the row it repeats) and of the console
 * (`allows`, staff-access.ts), the `AuditAction` type and the record's wording
 * (lambdas/domain/staff/access-wording.ts), the isolation and role tests
 * (test/support/route-cases.ts) and the roles table of docs/staff-api.md (`npm run docs:routes`).
 */
import { policies } from '../institution-policies';
import { auditDeclaration } from './audit-words';
import type { readDashboardInput, DashboardReply } from './dashboard';
import type { eraseApplicationInput, holdApplicationInput, ApplicationErased, HoldChanged } from './data-rights';
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
import type { DuplicateMarked, DuplicatesReply, markDuplicateInput } from './duplicates';
import { GET, POST, PUT, DELETE, endpoint, type NoInput } from './endpoint';
import type { changeFilterSetInput, FilterSetSaved, FilterSetsReply, saveFilterSetInput } from './filter-sets';
import type { exportInProgressInput, InProgressPage, listInProgressInput } from './in-progress';
import type { markMaterialInput, MaterialMarked } from './materials';
import type { MailingDetail, MailingList, MailingPreview, MailingSaved, MailingSent, MessagesReply, saveMailingInput, sendMailingInput } from './messages';
import type { noteInput, NoteSaved, NotesReply } from './notes';
import type { CheckoutReply, CommitteeList, ReadingQueue, Reassigned, reassignInput } from './reading';
import type * as R from './responses';
import { ADMIN_ONLY, ANY_STAFF_ROLE, DECIDING_ROLES } from './roles';
import type { saveSettingInput, SettingHistory, SettingSaved, SettingsReply } from './settings';
import type { addSisClientInput, SisClientMade, SisClientSummary, SisClientsReply } from './sis-clients';
import type {
  exportInput,
  issueTemporaryLinkInput,
  listApplicationsInput,
  listTemporaryLinksInput,
  nextToReadInput,
  readAuditInput,
  staffLogInInput,
} from './staff';
import type { changeStaffRoleInput, inviteStaffUserInput, StaffUserChanged, StaffUserList } from './staff-users';
import type { SuppressionList } from './suppression';

/** An application id no application has: the examples pass the input's parsing and find nothing. */
const NO_APPLICATION = '00000000-0000-4000-8000-000000000000';
/** A staff user nobody is: the examples of the staff-user routes find no one (404) and change nothing. */
const NO_STAFF_USER = 'nobody@example.invalid';
/** A temporary link's or a release's id no link or release has (the ids' form: form/wire/staff.ts, decisions.ts). */
const NO_ITEM = '000000000000000000000';

// Two routes record the same action in the same words (a test checks that no action is worded twice otherwise).
const READ = auditDeclaration({ read: 'Read {application}' });
const DOWNLOAD = auditDeclaration({ download: 'Downloaded the {document} of {application}' });

/** What a decision records in the access record: the console's and the student information system's route alike. */
export const DECISION_AUDIT = auditDeclaration({
  decision: [
    { when: { released_change: 'true' }, words: 'Changed the released decision of {application} from {previous} to {decision}[ (reason: {reason})]' },
    // A reader's copy of the record carries no decision (lambdas/domain/decisions/visibility.ts).
    { when: { released_change: 'true' }, words: 'Changed the released decision of {application}' },
    'Recorded the decision {decision} on {application}[ (one of {bulk} decided together)]',
    'Recorded a decision on {application}[ (one of {bulk} decided together)]',
  ],
});

/** What a mark on the checklist records: the console's and the student information system's route alike. */
export const MATERIAL_AUDIT = auditDeclaration({
  material: [
    { when: { status: 'received' }, words: 'Marked the {material} of {application} received[ on {day}]' },
    { when: { status: 'waived' }, words: 'Waived the {material} of {application}' },
    'Undid the mark on the {material} of {application}',
  ],
});

export const staffEndpoints = {
  // The admissions office
  staffLogIn: endpoint<typeof staffLogInInput, R.StaffLoginResponse>()(POST, '/staff/api/login', {
    access: 'public',
    audit: { 'sign-in': 'Signed in', 'mfa-failed': 'Entered a wrong authenticator code while signing in' },
  }),
  /** 200 `{}` with fresh staff session cookies; 401 `{message}` when the session cannot be refreshed. */
  refreshStaffSession: endpoint<NoInput, Record<string, never>>()(POST, '/staff/api/refresh', { access: 'public' }),
  staffLogOut: endpoint<NoInput, R.MessageReply>()(GET, '/staff/api/logout', { access: 'public', audit: { 'sign-out': 'Signed out' } }),
  readStaffSession: endpoint<NoInput, R.StaffSession>()(GET, '/staff/api/session', {
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    // Who is signed in, and their role: nothing of an application.
    audit: 'none',
  }),
  listApplications: endpoint<typeof listApplicationsInput, R.ApplicationPage>()(GET, '/staff/api/applications', {
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    audit: { list: ['Listed the submitted applications filtered by {filters}', 'Listed the submitted applications (all)'] },
  }),
  readApplication: endpoint<NoInput, R.ApplicationDetail>()(GET, '/staff/api/applications/{id}', {
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    audit: READ,
    example: { path: { id: NO_APPLICATION } },
  }),
  /** 303 to a new short-lived link to a document's converted PDF (`<reference>-<question>.pdf`), recorded as a read. */
  downloadApplicationDocument: endpoint<NoInput, R.DownloadReply>()(GET, '/staff/api/applications/{id}/documents/{key}/download', {
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    audit: DOWNLOAD,
    example: { path: { id: NO_APPLICATION, key: 'hs_transcript' } },
  }),
  /** 303 to a new short-lived link to the application PDF (`application-<reference>.pdf`), recorded as a read. */
  downloadStaffApplicationPdf: endpoint<NoInput, R.DownloadReply>()(GET, '/staff/api/applications/{id}/pdf/download', {
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    audit: DOWNLOAD,
    example: { path: { id: NO_APPLICATION } },
  }),
  exportApplicationsCsv: endpoint<typeof exportInput, R.ExportReply>()(GET, '/staff/api/export.csv', {
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    audit: { 'export.csv': ['Exported the applications as CSV filtered by {filters}', 'Exported the applications as CSV (all)'] },
  }),
  exportApplicationsJson: endpoint<typeof exportInput, R.ExportReply>()(GET, '/staff/api/export.json', {
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    audit: { 'export.json': ['Exported the applications as JSON filtered by {filters}', 'Exported the applications as JSON (all)'] },
  }),
  issueTemporaryLink: endpoint<typeof issueTemporaryLinkInput, R.IssuedTemporaryLink>()(POST, '/staff/api/temporary-links', {
    access: 'staff',
    roles: ADMIN_ONLY,
    audit: { 'temporary-link': 'Issued a temporary link[ ({days})][ with: {keys}][ for {recipient}]' },
    example: { body: { answer: { first_name: 'Ada' }, expires_in_days: 1 } },
  }),
  listTemporaryLinks: endpoint<typeof listTemporaryLinksInput, R.TemporaryLinkPage>()(GET, '/staff/api/temporary-links', {
    access: 'staff',
    roles: ADMIN_ONLY,
    audit: { 'temporary-links': 'Viewed the temporary links issued' },
  }),
  revokeTemporaryLink: endpoint<NoInput, R.MessageReply>()(DELETE, '/staff/api/temporary-links/{id}', {
    access: 'staff',
    roles: ADMIN_ONLY,
    audit: { 'temporary-link.revoke': 'Revoked a temporary link[ issued by {issuedBy}][ for {recipient}]' },
    example: { path: { id: NO_ITEM } },
  }),
  readAudit: endpoint<typeof readAuditInput, R.AuditPage>()(GET, '/staff/api/audit', {
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    // The office-wide trail: every record of every partition, narrowed by staff member, action and date.
    rolesFor: { 'the office-wide trail': ADMIN_ONLY },
    audit: {
      audit: ['Viewed the access record of {application}', 'Viewed the office-wide access record filtered by {trail}', 'Viewed the office-wide access record'],
    },
  }),

  // The office reads a letter: 303 to a short-lived signed URL, an audited read.
  downloadRecommendationLetter: endpoint<NoInput, never>()(GET, '/staff/api/applications/{id}/recommendations/{recommendationId}/letter', {
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    audit: READ,
    example: { path: { id: NO_APPLICATION, recommendationId: NO_APPLICATION } },
  }),

  // Reviews and decisions (docs/decisions-lifecycle.md).
  /** What a review asks: the rubric's criteria and the recommendations. */
  readReviewForm: endpoint<NoInput, ReviewForm>()(GET, '/staff/api/review-form', {
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    // The rubric is configuration: nothing of an application is read.
    audit: 'none',
  }),
  /**
   * The reader's queue: the oldest submitted application of a cycle (`?cycle=`, by default the
   * current one) this reader has not reviewed; 404 `{message}` when none is left.
   */
  nextToRead: endpoint<typeof nextToReadInput, { id: string; reference: string }>()(GET, '/staff/api/queue/next', {
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    audit: { queue: 'Asked for the next application to read' },
  }),
  /** Adds or revises the caller's own review; the first review moves a submitted application to in_review. */
  saveReview: endpoint<typeof saveReviewInput, Review>()(POST, '/staff/api/applications/{id}/reviews', {
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    audit: {
      review: [
        { when: { change: 'revised' }, words: 'Revised their review of {application}[ (recommends {recommendation})]' },
        'Reviewed {application}[ (recommends {recommendation})]',
      ],
    },
    // The scores are the rubric's (configuration): the use-case checks that before it looks for the application.
    example: {
      path: { id: NO_APPLICATION },
      body: { scores: Object.fromEntries(policies.reviewRubric.map((c) => [c.key, 3])), recommendation: 'admit' },
    },
  }),
  /** Stages a decision (the applicant sees nothing until release); a released one changes only by an admin with a reason. */
  recordDecision: endpoint<typeof recordDecisionInput, DecisionRecorded>()(PUT, '/staff/api/applications/{id}/decision', {
    access: 'staff',
    roles: DECIDING_ROLES,
    rolesFor: { 'changing a released decision': ADMIN_ONLY },
    audit: DECISION_AUDIT,
    example: { path: { id: NO_APPLICATION }, body: { decision: 'admit' } },
  }),
  /** One decision for up to 500 applications, all or nothing: 409 `{message, ids}` names the ids refused. */
  recordDecisions: endpoint<typeof recordDecisionsInput, BulkDecisionRecorded>()(POST, '/staff/api/decisions', {
    access: 'staff',
    roles: DECIDING_ROLES,
    audit: { decisions: 'Recorded the decision {decision} on {count} at once' },
    example: { body: { ids: [NO_APPLICATION], decision: 'admit' } },
  }),
  /** Releases now or at `at`; the applicants get an e-mail that an update is available (never the decision). */
  scheduleRelease: endpoint<typeof scheduleReleaseInput, ReleaseSummary>()(POST, '/staff/api/releases', {
    access: 'staff',
    roles: ADMIN_ONLY,
    audit: { release: ['Scheduled the release, at {scheduledAt}, of {released}', 'Released the decisions of {released}'] },
    // Named applications that do not exist: refused (409) with nothing released or scheduled.
    example: { body: { ids: [NO_APPLICATION] } },
  }),
  listReleases: endpoint<NoInput, ReleaseList>()(GET, '/staff/api/releases', {
    access: 'staff',
    roles: ADMIN_ONLY,
    audit: { releases: 'Viewed the scheduled releases' },
  }),
  /** Cancels a scheduled release before it runs; 409 once it ran. */
  cancelRelease: endpoint<NoInput, R.MessageReply>()(DELETE, '/staff/api/releases/{id}', {
    access: 'staff',
    roles: ADMIN_ONLY,
    audit: { 'release.cancel': 'Cancelled the scheduled release[ {release}]' },
    example: { path: { id: NO_ITEM } },
  }),
  // Reading assignments, checkouts and the committee (issue 39, item 1; docs/decisions-lifecycle.md).
  /** The caller's queue: assigned to them first, then the open pool, never what another holds; with its counts (the committee's for deciders). */
  readQueue: endpoint<NoInput, ReadingQueue>()(GET, '/staff/api/queue', {
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    audit: { 'reading-queue': 'Viewed their reading queue' },
  }),
  /** Takes the application for 30 minutes, or renews the caller's own checkout; 409 `{message, checkout: {by, until}}` while another holds it. */
  checkoutApplication: endpoint<NoInput, CheckoutReply>()(PUT, '/staff/api/applications/{id}/checkout', {
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    audit: { checkout: [{ when: { change: 'renewed' }, words: 'Renewed their checkout of {application}' }, 'Checked out {application} to read it'] },
    example: { path: { id: NO_APPLICATION } },
  }),
  /** Ends the caller's checkout: the application is offered to others again. */
  releaseCheckout: endpoint<NoInput, R.MessageReply>()(DELETE, '/staff/api/applications/{id}/checkout', {
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    audit: { checkin: 'Released their checkout of {application}' },
    example: { path: { id: NO_APPLICATION } },
  }),
  /** Applications whose reads disagree (admit against deny, or totals more than the gap apart), not yet decided. */
  readCommittee: endpoint<NoInput, CommitteeList>()(GET, '/staff/api/committee', {
    access: 'staff',
    roles: DECIDING_ROLES,
    audit: { committee: 'Viewed the committee queue' },
  }),
  /** An admin assigns one or many applications to readers (none: open to any reader), replacing the readers they had. */
  reassignApplications: endpoint<typeof reassignInput, Reassigned>()(POST, '/staff/api/assignments', {
    access: 'staff',
    roles: ADMIN_ONLY,
    audit: { assign: 'Assigned {application} to {readers}' },
    example: { body: { ids: [NO_APPLICATION], readers: ['reader@example.edu'] } },
  }),
  /**
   * Any role marks a checklist item received (on a day, today by default) or waived, or undoes the
   * mark (`status: 'awaiting'`); the answer is the application's materials and completeness now.
   */
  markMaterial: endpoint<typeof markMaterialInput, MaterialMarked>()(PUT, '/staff/api/applications/{id}/materials/{item}', {
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    audit: MATERIAL_AUDIT,
    example: { path: { id: NO_APPLICATION, item: 'transcript' }, body: { status: 'received' } },
  }),
  /** The applications flagged as possible duplicates of this one at submission (issue 39, item 5), each with the rules that matched and any verdict. */
  readDuplicates: endpoint<NoInput, DuplicatesReply>()(GET, '/staff/api/applications/{id}/duplicates', {
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    audit: { duplicates: 'Read the possible duplicates of {application}' },
    example: { path: { id: NO_APPLICATION } },
  }),
  /** A verdict on a flag, kept on both sides: `same` links the two applications, `not` closes the flag for good; 404 when the two are not flagged. */
  markDuplicate: endpoint<typeof markDuplicateInput, DuplicateMarked>()(PUT, '/staff/api/applications/{id}/duplicates/{other}', {
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    audit: {
      duplicate: [
        { when: { verdict: 'same' }, words: 'Marked {application} as the same person as the application {other}' },
        'Marked {application} as not a duplicate of the application {other}',
      ],
    },
    example: { path: { id: NO_APPLICATION, other: NO_APPLICATION }, body: { verdict: 'not' } },
  }),
  /**
   * Applications started and not submitted, a cycle at a time (`?cycle=`, by default the current
   * one; `?round=`), newest start first, 25 a page (`?cursor=`): who, where, when they last saved,
   * the pages done and those missing. Nothing else of an unsubmitted application.
   */
  listInProgress: endpoint<typeof listInProgressInput, InProgressPage>()(GET, '/staff/api/in-progress', {
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    audit: { 'in-progress': 'Listed the applications in progress filtered by {filters}' },
  }),
  /** The same list, every page, as CSV: 303 to a short-lived link. */
  exportInProgressCsv: endpoint<typeof exportInProgressInput, R.ExportReply>()(GET, '/staff/api/in-progress.csv', {
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    audit: { 'in-progress.csv': 'Exported the applications in progress as CSV filtered by {filters}' },
  }),
  /**
   * Notes between colleagues on a submitted application (any role reads and adds them; notes are
   * not decisions, so blind reading hides none): oldest first, each with its earlier texts. Never in
   * an applicant's route, their copy of their data, the PDF or the student information system's record.
   */
  listNotes: endpoint<NoInput, NotesReply>()(GET, '/staff/api/applications/{id}/notes', {
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    // The record never holds a note's text (the audit table outlives an erased application).
    audit: { notes: 'Read the notes on {application}' },
    example: { path: { id: NO_APPLICATION } },
  }),
  postNote: endpoint<typeof noteInput, NoteSaved>()(POST, '/staff/api/applications/{id}/notes', {
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    audit: { 'note.add': 'Added a note to {application}' },
    example: { path: { id: NO_APPLICATION }, body: { text: 'Called the counselor: the transcript is on its way.' } },
  }),
  /** Its author edits a note (403 for anyone else); the text it replaces is kept in the note's history. */
  editNote: endpoint<typeof noteInput, NoteSaved>()(PUT, '/staff/api/applications/{id}/notes/{noteId}', {
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    audit: { 'note.edit': 'Edited their note on {application}' },
    example: { path: { id: NO_APPLICATION, noteId: NO_APPLICATION }, body: { text: 'Called the counselor again.' } },
  }),
  /**
   * The office's dashboard (issue 39, item 7): a cycle's counts at each stage by round, term and
   * major, submissions per day against the previous cycle, this week's reviews per reader and the
   * yield, read from counters kept as applications change. Deciders and admins: it counts
   * decisions and replies, which a reader never sees.
   */
  readDashboard: endpoint<typeof readDashboardInput, DashboardReply>()(GET, '/staff/api/dashboard', {
    access: 'staff',
    roles: DECIDING_ROLES,
    // Counts of applications, nothing of one application or applicant.
    audit: 'none',
  }),
  /**
   * Saved filter sets of the list (issue 39, item 6), any role: one's own and those shared with
   * the office. Only its owner changes a set; its owner, or an admin for a shared one, deletes it.
   * A reader cannot save a decision filter or the score order (403), as the list refuses them.
   */
  listFilterSets: endpoint<NoInput, FilterSetsReply>()(GET, '/staff/api/filter-sets', {
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    audit: { 'filter-sets': 'Listed the saved filter sets' },
  }),
  saveFilterSet: endpoint<typeof saveFilterSetInput, FilterSetSaved>()(POST, '/staff/api/filter-sets', {
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    audit: {
      'filter-set.add': [
        { when: { shared: 'true' }, words: 'Saved the filter set “{filterSet}”, shared with the office[ ({filters})]' },
        'Saved the filter set “{filterSet}”[ ({filters})]',
      ],
    },
    example: { body: { name: 'Texas, by name', query: { state: 'TX', sort: 'name' }, shared: false } },
  }),
  changeFilterSet: endpoint<typeof changeFilterSetInput, FilterSetSaved>()(PUT, '/staff/api/filter-sets/{setId}', {
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    audit: {
      'filter-set.change': [
        { when: { shared: 'true' }, words: 'Changed the filter set “{filterSet}”, shared with the office[ ({filters})]' },
        'Changed the filter set “{filterSet}”[ ({filters})]',
      ],
    },
    example: { path: { setId: NO_APPLICATION }, body: { name: 'Texas applicants' } },
  }),
  deleteFilterSet: endpoint<NoInput, R.MessageReply>()(DELETE, '/staff/api/filter-sets/{setId}', {
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    rolesFor: { 'deleting a colleague’s shared set': ADMIN_ONLY },
    audit: { 'filter-set.delete': 'Deleted the filter set “{filterSet}”[ saved by {email}]' },
    example: { path: { setId: NO_APPLICATION } },
  }),
  /** An admin erases a submitted application: audited (who, when, reason, reference), then event `Application Erased`. */
  eraseApplication: endpoint<typeof eraseApplicationInput, ApplicationErased>()(POST, '/staff/api/applications/{id}/erase', {
    access: 'staff',
    roles: ADMIN_ONLY,
    // The application is gone: its reference names it, never the applicant.
    audit: { erase: ['Erased the application {reference}[: “{reason}”]', 'Erased the application (no reference)[: “{reason}”]'] },
    example: { path: { id: NO_APPLICATION }, body: { reason: 'Asked by the applicant' } },
  }),
  /**
   * An admin places or lifts a legal or enrolment hold on a submitted application: while it lasts
   * retention neither warns nor erases it and the office's erasure is refused (409).
   */
  holdApplication: endpoint<typeof holdApplicationInput, HoldChanged>()(PUT, '/staff/api/applications/{id}/hold', {
    access: 'staff',
    roles: ADMIN_ONLY,
    audit: { hold: 'Placed a hold on {application}[: “{reason}”]', 'hold.lift': 'Lifted the hold on {application}' },
    example: { path: { id: NO_APPLICATION }, body: { hold: true, reason: 'Enrolled: keep the file' } },
  }),
  /**
   * Settings: the words the office edits without a deploy (form/office-words.ts), each section's
   * value now (the file's until edited) and who changed it when. An admin's: the screen that edits them.
   */
  readSettings: endpoint<NoInput, SettingsReply>()(GET, '/staff/api/settings', {
    access: 'staff',
    roles: ADMIN_ONLY,
    // The office's own words, the same ones every applicant reads: nothing of an application.
    audit: 'none',
  }),
  /** An admin saves a section's words, checked as the file's (400 in words, nothing saved), or reverts it to an earlier version. */
  saveSetting: endpoint<typeof saveSettingInput, SettingSaved>()(PUT, '/staff/api/settings/{section}', {
    access: 'staff',
    roles: ADMIN_ONLY,
    audit: { setting: 'Changed {setting} (version {version})', 'setting.revert': 'Reverted {setting} to version {revertedFrom} (now version {version})' },
    // A revert to a version no section has: 404, nothing saved (the role test's admin pass changes no words).
    example: { path: { section: 'promises' }, body: { revertedFrom: 999_999 } },
  }),
  /** Every version of a section, newest first, with who saved it and when. */
  readSettingHistory: endpoint<NoInput, SettingHistory>()(GET, '/staff/api/settings/{section}/history', {
    access: 'staff',
    roles: ADMIN_ONLY,
    audit: 'none',
    example: { path: { section: 'letters' } },
  }),
  /**
   * The student information system's machine clients (an admin's; `npm run sis` does the same):
   * each with its scopes, expiry, last use and revocation, never a secret.
   */
  listSisClients: endpoint<NoInput, SisClientsReply>()(GET, '/staff/api/sis-clients', {
    access: 'staff',
    roles: ADMIN_ONLY,
    // The office's own integrations, no applicant's data: their changes are recorded below.
    audit: 'none',
  }),
  /** A new client with the scopes chosen; its secret is in this answer only (the server keeps a hash). */
  addSisClient: endpoint<typeof addSisClientInput, SisClientMade>()(POST, '/staff/api/sis-clients', {
    access: 'staff',
    roles: ADMIN_ONLY,
    audit: { 'sis-client': 'Created the API client {client} with {scopes}[ until {expires}]' },
    // The admin's pass makes this client once; a second pass is a 409 (a name taken).
    example: { body: { name: 'role-test-client', scopes: ['applications.read'] } },
  }),
  /** Revokes a client: its next token request is refused at once, and its tokens already issued within a minute. */
  revokeSisClient: endpoint<NoInput, { client: SisClientSummary }>()(POST, '/staff/api/sis-clients/{id}/revoke', {
    access: 'staff',
    roles: ADMIN_ONLY,
    audit: { 'sis-client.revoke': 'Revoked the API client {client}' },
    example: { path: { id: 'nosuchclient' } },
  }),

  // Staff users (an admin's): the staff pool's users, their roles and whether they may sign in (docs/staff-console.md).
  /** Every staff user: e-mail, role, authenticator set up, last sign-in, active. */
  listStaffUsers: endpoint<NoInput, StaffUserList>()(GET, '/staff/api/staff-users', {
    access: 'staff',
    roles: ADMIN_ONLY,
    audit: { 'staff-users': 'Viewed the staff users' },
  }),
  /** Invites a colleague in a role: the invitation with a temporary password goes out; 409 if the e-mail is a staff user's already. */
  inviteStaffUser: endpoint<typeof inviteStaffUserInput, StaffUserChanged>()(POST, '/staff/api/staff-users', {
    access: 'staff',
    roles: ADMIN_ONLY,
    audit: { 'staff-user.invite': 'Invited {email} as a staff user ({role})' },
    // An address of the reserved .invalid domain: the admin pass of the role test invites it once (then 409), nobody receives it.
    example: { body: { email: 'invited-example@example.invalid', role: 'reader' } },
  }),
  /** Gives a staff user one role (from their next token); the last active admin keeps theirs (409). */
  changeStaffUserRole: endpoint<typeof changeStaffRoleInput, StaffUserChanged>()(PUT, '/staff/api/staff-users/{email}/role', {
    access: 'staff',
    roles: ADMIN_ONLY,
    audit: { 'staff-user.role': 'Changed the role of the staff user {email}[ from {previousRole}] to {role}' },
    example: { path: { email: NO_STAFF_USER }, body: { role: 'reader' } },
  }),
  /** Ends a staff user's access: no sign-in, every session over within a minute; never the last active admin, never oneself (409). */
  deactivateStaffUser: endpoint<NoInput, StaffUserChanged>()(POST, '/staff/api/staff-users/{email}/deactivate', {
    access: 'staff',
    roles: ADMIN_ONLY,
    audit: { 'staff-user.deactivate': 'Deactivated the staff user {email}' },
    example: { path: { email: NO_STAFF_USER } },
  }),
  reactivateStaffUser: endpoint<NoInput, StaffUserChanged>()(POST, '/staff/api/staff-users/{email}/reactivate', {
    access: 'staff',
    roles: ADMIN_ONLY,
    audit: { 'staff-user.reactivate': 'Reactivated the staff user {email}' },
    example: { path: { email: NO_STAFF_USER } },
  }),
  // Messages to applicants (issue 40): deciders and admins write and send mailings; any role reads what an application received.
  /** A draft: its words checked (400 in words for an empty subject or an unknown placeholder), its recipients' filter, and how many it finds now. */
  createMailing: endpoint<typeof saveMailingInput, MailingSaved>()(POST, '/staff/api/mailings', {
    access: 'staff',
    roles: DECIDING_ROLES,
    audit: { mailing: 'Wrote the mailing {mailing}[ to the applications filtered by {filters}]' },
    // A filter of a round no application is in: the example's draft finds nobody, and nobody is sent anything.
    example: {
      body: {
        subject: 'Example',
        body: 'Dear {first_name},',
        kind: 'transactional',
        recipients: { source: 'submitted', filters: { q: 'nobody-example-invalid' } },
      },
    },
  }),
  listMailings: endpoint<NoInput, MailingList>()(GET, '/staff/api/mailings', {
    access: 'staff',
    roles: DECIDING_ROLES,
    audit: { mailings: 'Viewed the mailings' },
  }),
  /** A mailing with its progress (queued, sent, failed, suppressed) and its failures, each with its reason. */
  readMailing: endpoint<NoInput, MailingDetail>()(GET, '/staff/api/mailings/{id}', {
    access: 'staff',
    roles: DECIDING_ROLES,
    audit: { 'mailing.read': 'Viewed the mailing {mailing}' },
    example: { path: { id: NO_ITEM } },
  }),
  /** The message as three real recipients would read it, and how many the filter finds now. */
  previewMailing: endpoint<NoInput, MailingPreview>()(POST, '/staff/api/mailings/{id}/preview', {
    access: 'staff',
    roles: DECIDING_ROLES,
    audit: { 'mailing.preview': 'Previewed the mailing {mailing} for three of its recipients' },
    example: { path: { id: NO_ITEM } },
  }),
  /** The message to the signed-in staff member only (filled for its first recipient, or a sample). */
  testMailing: endpoint<NoInput, R.MessageReply>()(POST, '/staff/api/mailings/{id}/test', {
    access: 'staff',
    roles: DECIDING_ROLES,
    audit: { 'mailing.test': 'Sent themselves a test of the mailing {mailing}' },
    example: { path: { id: NO_ITEM } },
  }),
  /** Now, or `at` a time; above 500 recipients `confirm` is their count. 400 for no recipient, 409 once sent, 429 past the daily cap. */
  sendMailing: endpoint<typeof sendMailingInput, MailingSent>()(POST, '/staff/api/mailings/{id}/send', {
    access: 'staff',
    roles: DECIDING_ROLES,
    audit: { 'mailing.send': ['Scheduled the mailing {mailing} to {count} for {scheduledAt}', 'Sent the mailing {mailing} to {count}'] },
    example: { path: { id: NO_ITEM }, body: {} },
  }),
  /** The messages the application received, newest first. */
  readApplicationMessages: endpoint<NoInput, MessagesReply>()(GET, '/staff/api/applications/{id}/messages', {
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    audit: { messages: 'Read the messages {application} received' },
    example: { path: { id: NO_APPLICATION } },
  }),
  /** The suppression list (issue 40, item 5): every address the mailings skip, with why (unsubscribed, bounced, complained), newest first. */
  listSuppressions: endpoint<NoInput, SuppressionList>()(GET, '/staff/api/suppressions', {
    access: 'staff',
    roles: ADMIN_ONLY,
    audit: { suppressions: 'Viewed the suppression list' },
  }),
  /** Takes an address off the list (an admin's correction: a mailbox that works again); 404 when it is not on it. */
  deleteSuppression: endpoint<NoInput, R.MessageReply>()(DELETE, '/staff/api/suppressions/{email}', {
    access: 'staff',
    roles: ADMIN_ONLY,
    audit: { 'suppression.delete': 'Took {email} off the suppression list' },
    example: { path: { email: NO_STAFF_USER } },
  }),
} as const;

export type StaffEndpoints = typeof staffEndpoints;

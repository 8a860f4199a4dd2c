/**
 * What the routes answer, as the browser reads it. Types only: the server's handlers are held to
 * them by the route table's types, and the web client returns them without casts.
 */
import type { ChecklistEntry } from '../checklist';
import type { DocumentAnswer, DocumentStatus, OfficePlacement, PdfStatus, StaffApplicationSummary, WebStatus } from '../contract';
import type { PrintedDocument, PrintedPage } from '../print';
import type { ApplicationSnapshot } from '../snapshot';
import type { OfficeHold } from './data-rights';
import type { Review, StaffDecision } from './decisions';
import type { OfficeMaterials } from './materials';
import type { OfficeStatus, OfficeStatusChange } from './office-status';
import type { StaffRecommendation } from './recommendations';
import type { StaffRole } from './roles';

export type Answers = Record<string, string>;

/** Most writes answer a sentence for the person. */
export interface MessageReply {
  message: string;
}

export interface Profile {
  answer: Answers;
  document_answer: Record<string, { file_key?: string; file_name?: string; file_size?: number }>;
  username: string;
  last_page: string | null;
  successful_login: string[];
  web_status: Array<{ web_status: string }>;
  /** ISO 8601 once submitted, else null. */
  submitted_at?: string | null;
  /** The application's reference, assigned by submit (null before). */
  reference?: string | null;
  /** The language the applicant chose on any device (PUT /api/language), null before a choice (issue 41). */
  language?: string | null;
}

/** GET /service/tmp-pdf: everything the print layout shows. */
export interface ServiceViewData {
  answer: Answers;
  add_another: Record<string, number>;
  document_answer: Record<string, PrintedDocument>;
  tabs: Record<string, string>;
  /** ISO 8601, once submitted. */
  submitted_at?: string | null;
  /** The application's reference, assigned by submit. */
  reference?: string | null;
  /** The application as submitted (form/snapshot.ts), printed instead of the model's walk of `answer`; null before submission and for one submitted before snapshots existed. */
  snapshot?: ApplicationSnapshot | null;
  /** The language to print in (issue 41): the applicant's, for their own PDF; null or absent for the institution's (the office's PDF). */
  language?: string | null;
}

export interface PdfResponse {
  status: PdfStatus;
  /** The short-lived download link, once COMPLETED and current. */
  url: string | null;
  message: string;
}

export interface ConversionStatusReply {
  status: DocumentStatus;
  message?: string;
}

export interface ChecklistItem extends ChecklistEntry {
  /** The newest file added from the status page, with its conversion status. */
  supplement?: { file_name: string; file_size: number; status: string; message?: string; received_at?: string };
}

/** A presigned POST: the bucket's address and the form fields to send with the file. */
export interface PresignedPost {
  url: string;
  fields: Record<string, string>;
}

export interface LookupItem {
  text: string;
  id: string;
  sub_text?: string;
}
/** A search answers a list of items; a fetch by id the record that fills the linked fields. */
export type LookupReply = LookupItem[] | Record<string, string>;

export interface WebStatusReply extends MessageReply {
  /** The status reached (null: none yet). */
  web_status: WebStatus | null;
}

export type { DocumentAnswer };

/** What the staff sign-in asks for next, named as Cognito names its challenges. */
export type StaffChallenge =
  | { challenge: 'NEW_PASSWORD_REQUIRED'; session: string }
  | { challenge: 'MFA_SETUP'; session: string; secret: string; otpauth_uri: string }
  | { challenge: 'SOFTWARE_TOKEN_MFA'; session: string };

/** Signed in: the staff session cookies (Path=/staff) are set on this response. */
export interface StaffSignedIn {
  challenge?: undefined;
  email: string;
}

export type StaffLoginResponse = StaffChallenge | StaffSignedIn;

/** Who is signed in to the console, and their role: the console shows only what the role can do. */
export interface StaffSession {
  email: string;
  role: StaffRole;
}

export type ApplicationSummary = StaffApplicationSummary;

export interface ApplicationPage {
  items: ApplicationSummary[];
  /** Where the next page starts (opaque); null on the last page. */
  cursor: string | null;
}

export type { PrintedPage };

export interface ApplicationDocument {
  key: string;
  label: string;
  file_name?: string;
  /** The conversion status: COMPLETED, IN_PROGRESS, FAILED… */
  status: string;
  /**
   * Once the converted PDF exists: the app's download route (a path on this origin), which signs
   * a new short-lived link on every request, so the page's link never expires.
   */
  download_url?: string;
}

export interface ApplicationDetail extends OfficePlacement {
  id: string;
  reference: string;
  name: string;
  email: string;
  submitted_at: string;
  /** When `late`: what that means, in words for the office (the round's deadline and its late window). */
  late_meaning?: string;
  /** The printed rows: the questions shown for these answers, in form order. */
  pages: readonly PrintedPage[];
  documents: ApplicationDocument[];
  /** The application PDF; its download route (as for documents) once it is rendered. */
  pdf: { status: string; download_url?: string };
  /** Every recommender invited, letter details included; `download_url` is the app's letter route (a 303, audited). */
  recommendations: StaffRecommendation[];
  /** The checklist's items, each with the office's mark (who, when), and whether every required one is received or waived (always sent; optional for a console older or newer than its server). */
  materials?: OfficeMaterials;
  office_status: OfficeStatus;
  /** Every change of the office status, oldest first. */
  history: OfficeStatusChange[];
  /** Deciders and admins: every review (reviewer and time); a reader: their own review only. */
  reviews?: Review[];
  /** Deciders and admins only: the recorded decision (staged or released) and the applicant's reply. */
  decision?: StaffDecision;
  /** A legal or enrolment hold an admin placed (who, when, why): retention keeps the application and the erasure waits while it lasts. */
  hold?: OfficeHold;
}

export interface AuditEntry {
  at: string;
  staff: string;
  /** list, read, export.csv, export.json, temporary-link, temporary-link.revoke, temporary-links, audit, sign-in, mfa-failed, sign-out */
  action: string;
  /** The record in words, e.g. "Issued a temporary link (14 days) with: first name, last name". */
  summary: string;
  application?: string;
  /** The application's reference and the applicant's name, when the record concerns one that exists. */
  reference?: string;
  name?: string;
  ip: string;
  /** What was read or exported, e.g. the filters of an export. */
  detail?: unknown;
}

export interface AuditPage {
  items: AuditEntry[];
  cursor: string | null;
}

/** The exports and downloads answer 303 with the short-lived link (a plain link downloads the file). */
export interface DownloadReply {
  url: string;
}

/** A temporary link just issued: its address (shown once: only its hash is kept) and when it stops working. */
export interface IssuedTemporaryLink {
  id: string;
  url: string;
  expires_at: string;
  /** The address the link was e-mailed to, when a recipient's e-mail was given. */
  sent_to?: string;
  /** Set when the e-mail could not be sent: the link stands, to be sent by hand. */
  message?: string;
}

/** One issued link as the office's list shows it (never its address). */
export interface TemporaryLinkSummary {
  id: string;
  issued_at: string;
  issued_by: string;
  expires_at: string;
  /** The answer keys it prepares. */
  keys: string[];
  recipient_name?: string;
  recipient_email?: string;
  /** When the link was first opened. */
  opened_at?: string;
  revoked_at?: string;
  revoked_by?: string;
}

export interface TemporaryLinkPage {
  items: TemporaryLinkSummary[];
  cursor: string | null;
}
export type ExportReply = DownloadReply;

/** One application of the account (issue 37: one per cycle), as the status page lists them. */
export interface AccountApplicationItem {
  cycle: string;
  /** The cycle's label ("2026–27"). */
  label: string;
  /** The one every change goes to; the others are read-only (read them with `?cycle=`). */
  active: boolean;
  submitted_at: string | null;
  reference: string | null;
}

/** GET /api/applications: the account's applications, oldest first, and the cycle one can be started in now. */
export interface ApplicationsReply {
  applications: AccountApplicationItem[];
  /** The current cycle, when its application can be started now (POST /api/applications); else null. */
  start: { cycle: string; label: string } | null;
}

/** POST /api/applications: the application started, now the active one. */
export interface ApplicationStartedReply extends MessageReply {
  cycle: string;
  label: string;
}

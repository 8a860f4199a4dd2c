import { ApiError, request } from '../../../lib/api-client';
import type { StaffApplicationSummary } from '../../../../../form/contract';

/**
 * The staff API (/staff/api/*): the one place the console's request and response shapes live.
 * Staff calls go through the app's request() but never trigger the applicant's lost-session
 * handling (that is only for /api and /service): a 401 here means the staff session is gone, and
 * the console sends the person to its own sign-in.
 */
export const STAFF_API = '/staff/api';

export const isStaffSessionLost = (e: unknown): boolean => e instanceof ApiError && e.status === 401;

/** What the sign-in asks for next, named as Cognito names its challenges. */
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

/** Each step sends the e-mail; every step after the first the challenge it answers and its session. */
export type StaffLoginRequest =
  | { email: string; password: string }
  | { email: string; challenge: 'NEW_PASSWORD_REQUIRED'; session: string; new_password: string }
  | { email: string; challenge: 'MFA_SETUP' | 'SOFTWARE_TOKEN_MFA'; session: string; code: string };

export const staffLogin = (body: StaffLoginRequest) => request<StaffLoginResponse>(`${STAFF_API}/login`, { method: 'POST', body });
export const staffLogout = () => request<{ message?: string }>(`${STAFF_API}/logout`);
/** 200 {email} with a staff session, 401 without. */
export const staffSession = () => request<{ email: string }>(`${STAFF_API}/session`);

export interface ApplicationFilters {
  term?: string;
  major?: string;
  q?: string;
}

export type ApplicationSummary = StaffApplicationSummary;

export interface ApplicationPage {
  items: ApplicationSummary[];
  /** Where the next page starts (opaque); null on the last page. */
  cursor: string | null;
}

/** term, major, q and cursor as a query string, leaving out the empty ones. */
export function filterQuery(filters: ApplicationFilters & { cursor?: string | null }): string {
  const params = new URLSearchParams();
  for (const key of ['term', 'major', 'q', 'cursor'] as const) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

export const listApplications = (filters: ApplicationFilters & { cursor?: string | null }) =>
  request<ApplicationPage>(`${STAFF_API}/applications${filterQuery(filters)}`);

export const exportUrl = (format: 'csv' | 'json', filters: ApplicationFilters) => `${STAFF_API}/export.${format}${filterQuery(filters)}`;

export interface PrintedRow {
  key: string;
  label: string;
  /** '' when not answered; several lines are separated by \n. */
  value: string;
}
export interface PrintedSection {
  title: string;
  rows: PrintedRow[];
}
export interface PrintedPage {
  number: number;
  title: string;
  sections: PrintedSection[];
}

export interface ApplicationDocument {
  key: string;
  label: string;
  file_name?: string;
  /** The conversion status: COMPLETED, IN_PROGRESS, FAILED… */
  status: string;
  /** A short-lived link to the converted PDF, once it exists. */
  download_url?: string;
}

export interface ApplicationDetail {
  id: string;
  reference: string;
  name: string;
  email: string;
  submitted_at: string;
  /** The printed rows: the questions shown for these answers, in form order. */
  pages: PrintedPage[];
  documents: ApplicationDocument[];
  /** The application PDF; a short-lived download link once it is rendered. */
  pdf: { status: string; download_url?: string };
}

export const readApplication = (id: string) => request<ApplicationDetail>(`${STAFF_API}/applications/${encodeURIComponent(id)}`);

export interface AuditEntry {
  at: string;
  staff: string;
  /** list, read, export.csv, export.json, temporary-link, audit */
  action: string;
  application?: string;
  ip: string;
  /** What was read or exported, e.g. the filters of an export. */
  detail?: unknown;
}

export interface AuditPage {
  items: AuditEntry[];
  cursor: string | null;
}

/** One application's records, or without an application the office-wide trail; newest first. */
export function readAudit(application: string | null, cursor?: string | null): Promise<AuditPage> {
  const params = new URLSearchParams();
  if (application) params.set('application', application);
  if (cursor) params.set('cursor', cursor);
  const s = params.toString();
  return request<AuditPage>(`${STAFF_API}/audit${s ? `?${s}` : ''}`);
}

export interface TemporaryLinkRequest {
  answer: Record<string, string>;
  expires_in_days: number;
}

export const createTemporaryLink = (body: TemporaryLinkRequest) =>
  request<{ url: string; expires_at: string }>(`${STAFF_API}/temporary-links`, { method: 'POST', body });

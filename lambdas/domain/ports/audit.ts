/**
 * The audit trail of staff access as the use-cases need it: appending a record (never changing
 * one) and reading a partition newest first. Adapter: adapters/store/audit-store.ts.
 */

export type AuditAction =
  | 'list'
  | 'read'
  | 'download'
  | 'export.csv'
  | 'export.json'
  | 'temporary-link'
  | 'temporary-link.revoke'
  | 'temporary-links'
  | 'audit'
  | 'sign-in'
  | 'mfa-failed'
  | 'sign-out'
  | 'staff-role'
  // The office's writes on an application (recorded before they take effect) and the reader's queue.
  | 'review'
  | 'decision'
  | 'decisions'
  | 'queue'
  | 'release'
  | 'release.cancel'
  | 'releases'
  /** An application erased by the office: detail `{reason, reference}`, nothing personal. */
  | 'erase';

export interface AuditRecord {
  at: string;
  staff: string;
  action: AuditAction;
  application?: string;
  ip: string;
  /** Filters of a list or export, a link's lifetime: what exactly was asked. */
  detail?: Record<string, string>;
}

export type AuditWriter = (record: Omit<AuditRecord, 'at'>, now?: Date) => Promise<AuditRecord>;

/** A staff member's record, written by a use-case (the handler fills in who and from where). */
export type StaffAudit = (record: Pick<AuditRecord, 'action' | 'application' | 'detail'>) => Promise<unknown>;

/** A staff member's sign-in, failed code or sign-out, recorded under the e-mail they signed in with (the handler fills in from where). */
export type SignInAudit = (staff: string, action: Extract<AuditAction, 'sign-in' | 'mfa-failed' | 'sign-out'>) => Promise<unknown>;

export interface AuditPage {
  items: AuditRecord[];
  next?: string;
}

export type AuditReader = (application: string | undefined, limit: number, after?: string) => Promise<AuditPage>;

/** How the access record names an application: its reference and the applicant's name. */
export interface ApplicationName {
  reference: string;
  name: string;
}

/** Undefined when no submitted application has this id (any more). */
export type ApplicationNamer = (id: string) => Promise<ApplicationName | undefined>;

/**
 * The audit trail of staff access as the use-cases need it: appending a record (never changing
 * one) and reading a partition newest first. Adapter: adapters/store/audit-store.ts.
 */
import type { ActionsOf, UNROUTED_AUDIT } from '#form/wire/audit';
import type { StaffEndpoints } from '#form/wire/staff-endpoints';

/**
 * What a record says was done: an action a route declares in its contract
 * (form/wire/staff-endpoints.ts, with the words the record shows), or one of the few no route
 * records (form/wire/audit.ts).
 */
export type AuditAction = ActionsOf<StaffEndpoints> | keyof typeof UNROUTED_AUDIT;

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

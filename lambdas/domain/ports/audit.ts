/**
 * The audit trail of staff access as the use-cases need it: appending a record (never changing
 * one), reading a partition newest first, and reading the trail's index (every partition, one
 * action at a time) for the office-wide view. Adapter: adapters/store/audit-store.ts.
 */
import type { AuditAction } from '#form/wire/audit';

/**
 * What a record says was done: an action a route declares in its contract
 * (form/wire/staff-endpoints.ts, with the words the record shows), or one of the few no route
 * records (form/wire/audit.ts).
 */
export type { AuditAction };

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

/**
 * The trail's index, a global secondary index of the audit table: every record of every partition
 * (the office's and each application's) under its action, sorted by the record's sort key
 * (`<ISO time>#<uuid>`). Both are attributes every record has had since the first, so DynamoDB
 * indexes the records written before the index existed too; the office-status history items of
 * the table have no action and stay out. CDK creates it (lib/ reads these through the route
 * table), the audit store queries it.
 */
export const AUDIT_TRAIL_INDEX = 'trail';
export const AUDIT_TRAIL_INDEX_KEYS = { partition: 'action', sort: 'sk' } as const;

/** A record as the trail's index gives it, with its sort key: where a page of the view ends. */
export interface TrailRecord extends AuditRecord {
  key: string;
}

/** One action's records with sort keys from `from` and below `before`, newest first. */
export interface TrailQuery {
  action: AuditAction;
  from: string;
  before: string;
  /** Only this staff member's records (a filter on what is read: `limit` counts every record read). */
  staff?: string;
  limit: number;
}

export interface TrailSlice {
  items: TrailRecord[];
  /** The sort key of the last record read, when more may follow below it; absent when the action has no more in range. */
  more?: string;
}

export type TrailReader = (query: TrailQuery) => Promise<TrailSlice>;

/** How the access record names an application: its reference and the applicant's name. */
export interface ApplicationName {
  reference: string;
  name: string;
}

/** Undefined when no submitted application has this id (any more). */
export type ApplicationNamer = (id: string) => Promise<ApplicationName | undefined>;

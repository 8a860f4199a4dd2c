/**
 * Reading the access record: a page of records, newest first, each in words and naming the
 * application it concerns by reference and applicant (read when the record is shown, so the
 * trail itself keeps ids, not names).
 */
import { institution } from '#form/institution';
import type { AuditEntry } from '#form/wire/responses';
import type { StaffRole } from '#form/wire/roles';
import type { AuditQuery, TrailFilters } from '#form/wire/staff';
import { auditRecordFor } from '../decisions/visibility';
import type { ApplicationName, ApplicationNamer, AuditReader, AuditRecord, StaffAudit, TrailReader } from '../ports/audit';
import { accessInWords, applicationOf } from './access-wording';
import { checkTrailFilters, readOfficeTrail, TRAIL_PAGE } from './office-trail';
import { OFFICE_AUDIT_ROLES, requireRole } from './roles';

export interface AccessRecordPorts {
  readAudit: AuditReader;
  readTrail: TrailReader;
  nameApplication: ApplicationNamer;
  /** Whether a blind round still keeps the application's other reviews from this viewer (reading/blind.ts); none: never. */
  blindFor?: (id: string, viewer: StaffMember) => Promise<boolean>;
}

export const ACCESS_RECORD_PAGE = TRAIL_PAGE;

interface StaffMember {
  email: string;
  role: StaffRole;
}

/** A page of records as `viewer` may read them: a reader's names no decision, no reason and no other reviewer's recommendation. */
export async function accessRecordPage(
  ports: Pick<AccessRecordPorts, 'nameApplication'>,
  page: { items: AuditRecord[]; next?: string },
  viewer: StaffMember,
  blind = false,
): Promise<{ items: AuditEntry[]; cursor: string | null }> {
  const records = page.items.map((record) => auditRecordFor(record, viewer, blind));
  const ids = [...new Set(records.map(applicationOf).filter((id): id is string => !!id))];
  const names = new Map<string, ApplicationName | undefined>(await Promise.all(ids.map(async (id) => [id, await ports.nameApplication(id)] as const)));
  const items = records.map((record): AuditEntry => {
    const id = applicationOf(record);
    const named = id ? names.get(id) : undefined;
    return {
      ...record,
      summary: accessInWords(record, named),
      ...(named?.reference ? { reference: named.reference } : {}),
      ...(named?.name ? { name: named.name } : {}),
    };
  });
  return { items, cursor: page.next ?? null };
}

/** One partition's records (an application's, or the office's own) as `viewer` may read them. */
export async function readAccessRecord(
  ports: Pick<AccessRecordPorts, 'readAudit' | 'nameApplication' | 'blindFor'>,
  application: string | undefined,
  viewer: StaffMember,
  cursor?: string,
): Promise<{ items: AuditEntry[]; cursor: string | null }> {
  const blind = application && ports.blindFor ? await ports.blindFor(application, viewer) : false;
  return accessRecordPage(ports, await ports.readAudit(application, ACCESS_RECORD_PAGE, cursor), viewer, blind);
}

/** The filters of an office-wide view as its own record keeps them: what was asked. */
const askedFilters = (filters: TrailFilters): Record<string, string> => Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined));

/**
 * GET /staff/api/audit: one application's record (every role), or the office-wide one (an
 * admin's): every record of every partition, newest first, narrowed by staff member, action and
 * date (office-trail.ts). Reading the trail is itself recorded (office-wide, with the filters
 * asked), before the records are returned.
 */
export async function readAuditTrail(ports: AccessRecordPorts & { audit: StaffAudit }, query: AuditQuery, staff: StaffMember, timeZone = institution.timeZone) {
  if (query.application !== undefined) {
    await ports.audit({ action: 'audit', detail: { application: query.application } });
    return readAccessRecord(ports, query.application, staff, query.cursor);
  }
  requireRole(staff.role, OFFICE_AUDIT_ROLES);
  checkTrailFilters(query.filters);
  const asked = askedFilters(query.filters);
  await ports.audit({ action: 'audit', ...(Object.keys(asked).length ? { detail: asked } : {}) });
  return accessRecordPage(ports, await readOfficeTrail(ports.readTrail, query.filters, timeZone, query.cursor), staff);
}

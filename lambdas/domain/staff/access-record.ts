/**
 * Reading the access record: a page of records, newest first, each in words and naming the
 * application it concerns by reference and applicant (read when the record is shown, so the
 * trail itself keeps ids, not names).
 */
import type { AuditEntry } from '#form/wire/responses';
import type { StaffRole } from '#form/wire/roles';
import { auditRecordFor } from '../decisions/visibility';
import type { ApplicationName, ApplicationNamer, AuditReader, StaffAudit } from '../ports/audit';
import { accessInWords, applicationOf } from './access-wording';
import { OFFICE_AUDIT_ROLES, requireRole } from './roles';

export interface AccessRecordPorts {
  readAudit: AuditReader;
  nameApplication: ApplicationNamer;
}

export const ACCESS_RECORD_PAGE = 50;

interface StaffMember {
  email: string;
  role: StaffRole;
}

/** A page of records as `viewer` may read them: a reader's names no decision, no reason and no other reviewer's recommendation. */
export async function readAccessRecord(
  ports: AccessRecordPorts,
  application: string | undefined,
  viewer: StaffMember,
  cursor?: string,
): Promise<{ items: AuditEntry[]; cursor: string | null }> {
  const page = await ports.readAudit(application, ACCESS_RECORD_PAGE, cursor);
  const records = page.items.map((record) => auditRecordFor(record, viewer));
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

/**
 * GET /staff/api/audit: one application's record (every role), or the office-wide one (an
 * admin's). Reading the trail is itself recorded (office-wide), before the records are returned.
 */
export async function readAuditTrail(ports: AccessRecordPorts & { audit: StaffAudit }, query: { application?: string; cursor?: string }, staff: StaffMember) {
  if (!query.application) requireRole(staff.role, OFFICE_AUDIT_ROLES);
  await ports.audit({ action: 'audit', ...(query.application ? { detail: { application: query.application } } : {}) });
  return readAccessRecord(ports, query.application, staff, query.cursor);
}

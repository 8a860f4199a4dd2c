/**
 * Reading the access record: a page of records, newest first, each in words and naming the
 * application it concerns by reference and applicant (read when the record is shown, so the
 * trail itself keeps ids, not names).
 */
import type { AuditEntry } from '#form/wire/responses';
import type { ApplicationName, ApplicationNamer, AuditReader } from '../ports/audit';
import { accessInWords, applicationOf } from './access-wording';

export interface AccessRecordPorts {
  readAudit: AuditReader;
  nameApplication: ApplicationNamer;
}

export const ACCESS_RECORD_PAGE = 50;

export async function readAccessRecord(ports: AccessRecordPorts, application: string | undefined, cursor?: string): Promise<{ items: AuditEntry[]; cursor: string | null }> {
  const page = await ports.readAudit(application, ACCESS_RECORD_PAGE, cursor);
  const ids = [...new Set(page.items.map(applicationOf).filter((id): id is string => !!id))];
  const names = new Map<string, ApplicationName | undefined>(await Promise.all(ids.map(async (id) => [id, await ports.nameApplication(id)] as const)));
  const items = page.items.map((record): AuditEntry => {
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

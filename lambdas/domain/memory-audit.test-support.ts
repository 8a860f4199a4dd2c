/** A staff member's audit writer in memory: the records written, and `audit:<action>` in a journal the test shares with its other ports. */
import type { AuditRecord, StaffAudit } from './ports/audit';

export function memoryAudit(journal: string[] = []) {
  const records: Array<Pick<AuditRecord, 'action' | 'application' | 'detail'>> = [];
  const audit: StaffAudit = (record) => {
    journal.push(`audit:${record.action}`);
    records.push(record);
    return Promise.resolve();
  };
  return { audit, records, journal };
}

/** The audit ports in memory, for the use-cases' unit tests. */
import type { AuditRecord, StaffAudit, TrailReader, TrailRecord } from './ports/audit';

/** A staff member's audit writer: the records written, and `audit:<action>` in a journal the test shares with its other ports. */
export function memoryAudit(journal: string[] = []) {
  const records: Array<Pick<AuditRecord, 'action' | 'application' | 'detail'>> = [];
  const audit: StaffAudit = (record) => {
    journal.push(`audit:${record.action}`);
    records.push(record);
    return Promise.resolve();
  };
  return { audit, records, journal };
}

/**
 * The trail's index in memory, as DynamoDB answers a query on it: one action's records in a sort-key
 * range, newest first; `limit` counts the records read, the staff filter applies after; `more` is
 * the last record read when the limit was reached. `reads` counts the records read, per query.
 */
export function memoryTrail(records: readonly TrailRecord[]) {
  const reads: number[] = [];
  const readTrail: TrailReader = (query) => {
    const range = records
      .filter((r) => r.action === query.action && r.key >= query.from && r.key < query.before)
      .sort((a, b) => (a.key < b.key ? 1 : -1))
      .slice(0, query.limit);
    reads.push(range.length);
    const items = range.filter((r) => !query.staff || r.staff === query.staff);
    const last = range[range.length - 1];
    return Promise.resolve(range.length === query.limit && last ? { items, more: last.key } : { items });
  };
  return { readTrail, reads };
}

import type { LookupRecord } from './records';

let next = 500000;
/** A school record with sensible defaults; ids are unique per call. */
export function school(name: string, city = 'Erie', state = 'PA', more: Partial<LookupRecord> = {}): LookupRecord {
  return { id: String(next++), name, address_line_1: '1 Main Street', address_line_2: '', city, state, zip: '16501', country: 'USA', ...more };
}

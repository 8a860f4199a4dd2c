/**
 * An in-memory reading store for the reading's unit tests: the same contract as the DynamoDB store
 * (reading-store.ts): a checkout taken by one conditional write, shelves sorted oldest first.
 */
import type { Checkout, Pointer, ReadingRecord, ReadingStore, Shelf } from '../ports/reading';

const shelfKey = (shelf: Shelf): string => ('reader' in shelf ? `${shelf.kind}#${shelf.reader}` : shelf.kind);
const sortKey = (p: Pick<Pointer, 'id' | 'submittedAt'>): string => `${p.submittedAt}#${p.id}`;

export class MemoryReading implements ReadingStore {
  readonly records = new Map<string, ReadingRecord>();
  readonly shelves = new Map<string, Map<string, Pointer>>();
  readonly turns = new Map<number, number>();

  /** A submitted application, waiting to be read. */
  submit(id: string, submittedAt: string, more: Partial<ReadingRecord> = {}): ReadingRecord {
    const record: ReadingRecord = {
      id,
      reference: `REF-${id}`,
      name: `Name ${id}`,
      submittedAt,
      officeStatus: 'submitted',
      readers: [],
      reviewedBy: [],
      committee: false,
      ...more,
    };
    this.records.set(id, record);
    return record;
  }

  ids(shelf: Shelf): string[] {
    return [...(this.shelves.get(shelfKey(shelf))?.entries() ?? [])].sort(([a], [b]) => a.localeCompare(b)).map(([, p]) => p.id);
  }

  readReading = async (id: string) => structuredClone(this.records.get(id));
  readReadings = async (ids: readonly string[]) => ids.flatMap((id) => (this.records.has(id) ? [structuredClone(this.records.get(id)!)] : []));

  writeReaders = async (id: string, readers: readonly string[], replace: boolean) => {
    const record = this.records.get(id);
    if (!record || (!replace && record.readers.length > 0)) return false;
    record.readers = [...readers];
    return true;
  };

  nextTurn = async (rule: number, step: number) => {
    const before = this.turns.get(rule) ?? 0;
    this.turns.set(rule, before + step);
    return before;
  };

  takeCheckout = async (id: string, reader: string, until: string, now: string): Promise<Checkout | undefined> => {
    const record = this.records.get(id);
    if (!record) return { by: 'someone else', until: now };
    if (record.checkout && record.checkout.by !== reader && record.checkout.until > now) return { ...record.checkout };
    record.checkout = { by: reader, until };
    return undefined;
  };

  releaseCheckout = async (id: string, reader: string) => {
    const record = this.records.get(id);
    if (record?.checkout?.by === reader) delete record.checkout;
  };

  markCommittee = async (id: string) => {
    const record = this.records.get(id);
    if (record) record.committee = true;
  };

  putPointer = async (shelf: Shelf, pointer: Pointer) => {
    const key = shelfKey(shelf);
    const items = this.shelves.get(key) ?? new Map<string, Pointer>();
    items.set(sortKey(pointer), { ...pointer });
    this.shelves.set(key, items);
  };

  deletePointer = async (shelf: Shelf, pointer: Pick<Pointer, 'id' | 'submittedAt'>) => {
    this.shelves.get(shelfKey(shelf))?.delete(sortKey(pointer));
  };

  readShelf = async (shelf: Shelf, limit: number) =>
    [...(this.shelves.get(shelfKey(shelf))?.entries() ?? [])]
      .sort(([a], [b]) => a.localeCompare(b))
      .slice(0, limit)
      .map(([, p]) => ({ ...p }));

  countShelf = async (shelf: Shelf, now?: string) =>
    [...(this.shelves.get(shelfKey(shelf))?.values() ?? [])].filter((p) => !now || (p.until ?? '') > now).length;
}

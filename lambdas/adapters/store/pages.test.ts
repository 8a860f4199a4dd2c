import { describe, expect, it } from 'vitest';
import { allItems, readAllItems, type Page, type PageStart } from './pages';

/** A partition answered in pages of two items, each page naming the next one's start as DynamoDB does. */
function partition(items: number[]) {
  const asked: PageStart[] = [];
  const page = (from: PageStart): Promise<Page> => {
    asked.push(from);
    const at = typeof from.ExclusiveStartKey?.n === 'number' ? from.ExclusiveStartKey.n + 1 : 0;
    const taken = items.slice(at, at + 2);
    const last = at + taken.length - 1;
    return Promise.resolve({ Items: taken.map((n) => ({ n })), ...(last < items.length - 1 ? { LastEvaluatedKey: { n: last } } : {}) });
  };
  return { asked, page };
}

describe('every page of a query', () => {
  it('yields the items of every page in order, each page asked from the last key of the one before', async () => {
    const { asked, page } = partition([0, 1, 2, 3, 4]);
    const seen: unknown[] = [];
    for await (const item of allItems(page)) seen.push(item.n);
    expect(seen).toEqual([0, 1, 2, 3, 4]);
    expect(asked).toEqual([{}, { ExclusiveStartKey: { n: 1 } }, { ExclusiveStartKey: { n: 3 } }]);
  });

  it('asks once for an empty partition, and no further page when the caller stops early', async () => {
    const empty = partition([]);
    expect(await readAllItems(empty.page, (item) => item)).toEqual([]);
    expect(empty.asked).toEqual([{}]);
    const { asked, page } = partition([0, 1, 2, 3, 4]);
    for await (const item of allItems(page)) if (item.n === 1) break;
    expect(asked).toEqual([{}]);
  });

  it('keeps what the reader makes of each item, without what it refuses', async () => {
    const { page } = partition([0, 1, 2, 3, 4]);
    expect(await readAllItems(page, (item) => (typeof item.n === 'number' && item.n % 2 === 0 ? `even ${item.n}` : undefined))).toEqual([
      'even 0',
      'even 2',
      'even 4',
    ]);
  });
});

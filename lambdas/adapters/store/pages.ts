/**
 * Reading every page of a DynamoDB Query (or Scan): DynamoDB answers at most 1 MB a request and
 * names where the next page starts (`LastEvaluatedKey`), so a whole partition is read request by
 * request. The caller sends each request itself (`page`), so each store's module keeps its own
 * command and table: the grants check (test/infra/adapter-calls.ts) attributes a call to the
 * module that builds it.
 */

/** Where a page starts: nothing for the first, the previous page's last key after it. */
export interface PageStart {
  ExclusiveStartKey?: Record<string, unknown>;
}

/** What a Query or Scan answers, as far as paging needs it. */
export interface Page {
  Items?: Record<string, unknown>[];
  LastEvaluatedKey?: Record<string, unknown>;
}

/**
 * The items of every page, in order, one page read at a time (the next only when the caller
 * has taken the last item of this one; a caller that stops early reads no further page).
 */
export async function* allItems(page: (from: PageStart) => Promise<Page>): AsyncGenerator<Record<string, unknown>, void, undefined> {
  let start: Record<string, unknown> | undefined;
  do {
    const out = await page(start ? { ExclusiveStartKey: start } : {});
    yield* out.Items ?? [];
    start = out.LastEvaluatedKey;
  } while (start);
}

/** What `read` makes of each item of every page, without the items it answers undefined for. */
export async function readAllItems<T>(page: (from: PageStart) => Promise<Page>, read: (item: Record<string, unknown>) => T | undefined): Promise<T[]> {
  const found: T[] = [];
  for await (const item of allItems(page)) {
    const value = read(item);
    if (value !== undefined) found.push(value);
  }
  return found;
}

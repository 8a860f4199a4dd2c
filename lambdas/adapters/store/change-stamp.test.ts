import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANGES_INDEX_KEYS } from '#domain/ports/submissions';
import { changeKey, stamped } from './change-stamp';

const ADAPTERS = join(import.meta.dirname, '..');
const NOW = new Date('2026-11-02T10:00:00.000Z');

/**
 * The updates of the answers item that may leave the change time alone, each because what it
 * writes is no part of the student information system's record (or happens before submission),
 * counted per module: one more in any module fails below.
 */
const UNSTAMPED: Record<string, { count: number; why: string }> = {
  'store/answers-store.ts': {
    count: 3,
    why: "the applicant's save (a submitted application refuses it), the lock, which the submissions index's write stamps next, and the applicant's language (issue 41): not in the record",
  },
  'store/duplicate-mark.ts': { count: 1, why: "the office's mark of an open duplicate flag: not in the record" },
  'store/dashboard-counters.ts': { count: 1, why: 'the cells the dashboard counted the application in: not in the record' },
  'store/recommendation-slots.ts': { count: 2, why: "the recommenders' slots: not in the record" },
  'store/reviews-store.ts': { count: 1, why: "the reviewers' marker and the list's score key: not in the record" },
  'store/sort-keys-backfill.ts': { count: 1, why: "the list's name and score keys: not in the record" },
  'store/reading-store.ts': { count: 4, why: "the reading's readers, checkout and committee mark: not in the record" },
  'upload-grants.ts': { count: 1, why: 'an upload key the server issued: not in the record' },
};

/** Every `new UpdateCommand({...})` of a module's source with its argument's text. */
function updatesOf(source: string): string[] {
  const found: string[] = [];
  for (let at = source.indexOf('new UpdateCommand('); at >= 0; at = source.indexOf('new UpdateCommand(', at + 1)) {
    let depth = 0;
    let end = at + 'new UpdateCommand'.length;
    do {
      const c = source[end];
      if (c === '(') depth += 1;
      if (c === ')') depth -= 1;
      end += 1;
    } while (depth > 0 && end < source.length);
    found.push(source.slice(at, end));
  }
  return found;
}

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? modules(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.includes('.test') ? [join(dir, e.name)] : [],
  );
}

describe('the change index stamp', () => {
  it('joins the SET clause of every shape of update, or makes one', () => {
    const names = { '#changed_at': CHANGES_INDEX_KEYS.sort };
    const value = { ':changed_at': '2026-11-02T10:00:00.000Z#a1' };
    expect(stamped('a1', { UpdateExpression: 'SET #m = :m, #v = :v', ExpressionAttributeValues: { ':m': 1 } }, { now: NOW })).toEqual({
      UpdateExpression: 'SET #changed_at = :changed_at, #m = :m, #v = :v',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ':m': 1, ...value },
    });
    expect(stamped('a1', { UpdateExpression: 'REMOVE #hold', ExpressionAttributeNames: { '#hold': 'office_hold' } }, { now: NOW })).toMatchObject({
      UpdateExpression: 'SET #changed_at = :changed_at REMOVE #hold',
      ExpressionAttributeNames: { '#hold': 'office_hold', ...names },
    });
    expect(stamped('a1', { UpdateExpression: 'SET a = :a REMOVE b' }, { now: NOW, keep: true }).UpdateExpression).toBe(
      'SET #changed_at = if_not_exists(#changed_at, :changed_at), a = :a REMOVE b',
    );
    expect(changeKey('a1', NOW)).toBe('2026-11-02T10:00:00.000Z#a1');
  });

  it('is made by every update of the answers item that changes what the record shows: no adapter writes that item otherwise', () => {
    const unstamped: Record<string, number> = {};
    for (const file of modules(ADAPTERS)) {
      const module = relative(ADAPTERS, file);
      if (module === 'store/change-stamp.ts') continue;
      const count = updatesOf(readFileSync(file, 'utf8')).filter((update) => /sk:\s*SK\.answers/.test(update)).length;
      if (count) unstamped[module] = count;
    }
    expect(unstamped).toEqual(Object.fromEntries(Object.entries(UNSTAMPED).map(([module, { count }]) => [module, count])));
  });
});

/** An in-memory DuplicateStore, as the adapter behaves (flags on both sides, never overwritten by a new check). */
import type { DuplicateRule, DuplicateVerdict } from '#form/wire/duplicates';
import type { DuplicatePair, DuplicateStore, MatchKey } from '../ports/duplicates';

export class MemoryDuplicates implements DuplicateStore {
  readonly filed = new Map<string, Set<string>>();
  readonly pairs = new Map<string, Map<string, DuplicatePair>>();
  readonly open = new Set<string>();

  register(cycle: string, { id }: { id: string }, keys: readonly MatchKey[]): Promise<void> {
    for (const k of keys) {
      const at = `${cycle}|${k.rule}|${k.register}`;
      this.filed.set(at, (this.filed.get(at) ?? new Set()).add(id));
    }
    return Promise.resolve();
  }

  holders(cycle: string, rule: DuplicateRule, value: string): Promise<string[]> {
    return Promise.resolve([...(this.filed.get(`${cycle}|${rule}|${value}`) ?? [])]);
  }

  pairsOf(id: string): Promise<DuplicatePair[]> {
    return Promise.resolve([...(this.pairs.get(id)?.values() ?? [])].map((p) => ({ ...p })));
  }

  private side(id: string): Map<string, DuplicatePair> {
    const m = this.pairs.get(id) ?? new Map<string, DuplicatePair>();
    this.pairs.set(id, m);
    return m;
  }

  flag(id: string, other: string, rules: readonly DuplicateRule[], at: Date): Promise<boolean> {
    if (this.side(id).has(other)) return Promise.resolve(false);
    const flaggedAt = at.toISOString();
    this.side(id).set(other, { other, rules: [...rules], state: 'open', flaggedAt });
    this.side(other).set(id, { other: id, rules: [...rules], state: 'open', flaggedAt });
    return Promise.resolve(true);
  }

  judge(id: string, other: string, verdict: DuplicateVerdict, by: string, at: Date): Promise<boolean> {
    const mine = this.side(id).get(other);
    const theirs = this.side(other).get(id);
    if (!mine || !theirs) return Promise.resolve(false);
    for (const p of [mine, theirs]) Object.assign(p, { state: verdict, by, at: at.toISOString() });
    return Promise.resolve(true);
  }

  markOpen(id: string, open: boolean): Promise<void> {
    if (open) this.open.add(id);
    else this.open.delete(id);
    return Promise.resolve();
  }
}

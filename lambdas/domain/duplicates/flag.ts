/**
 * At submission: the application is filed under its match keys in its cycle, and each other
 * application filed under one of them is flagged with it (issue 39, item 5). Filing comes before
 * looking, so of two applications submitted at the same moment at least one finds the other. A
 * flag already there (open, or judged) is left as it is: "not a duplicate" never comes back.
 * Repeated by every submit call (idempotent), like the submissions index's entry.
 */
import { DUPLICATE_RULES, type DuplicateRule } from '#form/wire/duplicates';
import type { DuplicateStore } from '../ports/duplicates';
import type { SubmittedApplication } from '../ports/submissions';
import { matchKeys } from './match';

/** The cycle of an application submitted before cycles were configured. */
export const NO_CYCLE = '-';

/** What the submission's check uses of the store. */
export type DuplicateFiling = Pick<DuplicateStore, 'register' | 'holders' | 'flag' | 'markOpen'>;

export async function flagDuplicates(store: DuplicateFiling, app: SubmittedApplication, at: Date): Promise<number> {
  const cycle = app.placement?.cycle ?? NO_CYCLE;
  const keys = matchKeys(app.answers, app.email);
  await store.register(cycle, app, keys);
  const found = new Map<string, Set<DuplicateRule>>();
  const holders = await Promise.all(keys.map(async (k) => ({ rule: k.rule, ids: await store.holders(cycle, k.rule, k.lookup) })));
  for (const { rule, ids } of holders)
    for (const other of ids) if (other !== app.id) found.set(other, (found.get(other) ?? new Set<DuplicateRule>()).add(rule));
  let flagged = 0;
  await Promise.all(
    [...found].map(async ([other, rules]) => {
      if (
        !(await store.flag(
          app.id,
          other,
          DUPLICATE_RULES.filter((r) => rules.has(r)),
          at,
        ))
      )
        return;
      await store.markOpen(other, true);
      flagged++;
    }),
  );
  if (flagged > 0) await store.markOpen(app.id, true);
  return flagged;
}

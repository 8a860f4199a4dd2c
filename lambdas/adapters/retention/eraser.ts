/**
 * The eraser the retention sweep uses: the platform's one deletion of an applicant (identity,
 * every table item, every object; resumable), which is built with the self-service closing of an
 * account and the office's erasure. Until it is wired here, every erasure the sweep decides on
 * fails loudly (counted as failed, the Lambda's error alarm fires) instead of pretending to delete.
 */
import type { AccountEraser } from '#domain/ports/retention';

export class EraserNotWired extends Error {
  constructor() {
    super('retention eraser not wired: lambdas/adapters/retention/eraser.ts must call the account-erasure use-case');
    this.name = 'EraserNotWired';
  }
}

export const accountEraser: AccountEraser = {
  eraseAccount: () => Promise.reject(new EraserNotWired()),
};

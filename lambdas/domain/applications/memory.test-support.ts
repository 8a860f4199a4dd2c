/** An account's list of applications in memory, with the adapter's condition (adapters/store/applications-store.ts). */
import type { AccountApplication, ApplicationsIndex } from '../ports/applications';

export function memoryApplications(): ApplicationsIndex & { lists: Map<string, readonly AccountApplication[]> } {
  const lists = new Map<string, readonly AccountApplication[]>();
  return {
    lists,
    readApplications: (sub) => Promise.resolve(lists.get(sub)),
    writeApplications: (sub, expected, next) => {
      const stored = lists.get(sub);
      if ((stored?.length ?? -1) !== (expected?.length ?? -1)) return Promise.resolve(false);
      lists.set(sub, [...next]);
      return Promise.resolve(true);
    },
  };
}

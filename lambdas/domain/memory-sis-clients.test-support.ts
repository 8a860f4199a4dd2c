/** The machine clients' store in memory, for the domain's tests of clients and of the console's screen. */
import type { SisClientRecord, SisClientStore } from './ports/sis-clients';

export function memoryClients(): SisClientStore & { records: Map<string, SisClientRecord>; used: string[] } {
  const records = new Map<string, SisClientRecord>();
  const used: string[] = [];
  return {
    records,
    used,
    createClient: async (c) => {
      if ([...records.values()].some((r) => r.name === c.name)) return false;
      records.set(c.id, { ...c });
      return true;
    },
    readClient: async (id) => records.get(id),
    listClients: async () => [...records.values()],
    revokeClient: async (id, at) => {
      const r = records.get(id);
      if (r && !r.revokedAt) r.revokedAt = at;
    },
    markUsed: async (id, at) => {
      used.push(at);
      const r = records.get(id);
      if (r) r.lastUsedAt = at;
    },
  };
}

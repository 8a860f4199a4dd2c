/** The suppression list and the unsubscribe tokens in memory, answering as the adapter does (tokens kept by their hash, addresses without case). */
import { createHash, randomBytes } from 'node:crypto';
import type { SuppressionEntry } from '#form/wire/suppression';
import type { Suppressions, UnsubscribeGrant, UnsubscribeTokens } from '../ports/suppression';

export function memorySuppression() {
  const entries = new Map<string, SuppressionEntry>();
  const tokens = new Map<string, UnsubscribeGrant & { until: number }>();
  const hash = (token: string) => createHash('sha256').update(token).digest('hex');
  const suppressions: Suppressions = {
    readSuppression: (email) => Promise.resolve(structuredClone(entries.get(email.trim().toLowerCase()))),
    putSuppression: (entry) => (entries.set(entry.email.trim().toLowerCase(), { ...entry }), Promise.resolve()),
    listSuppressions: () => Promise.resolve([...entries.values()].sort((a, b) => b.at.localeCompare(a.at)).map((e) => ({ ...e }))),
    deleteSuppression: (email) => Promise.resolve(entries.delete(email.trim().toLowerCase())),
  };
  const unsubscribeTokens: UnsubscribeTokens = {
    issueUnsubscribeToken: (grant, ttlSeconds, now) => {
      const token = randomBytes(32).toString('base64url');
      tokens.set(hash(token), { ...grant, until: now.getTime() + ttlSeconds * 1000 });
      return Promise.resolve(token);
    },
    resolveUnsubscribeToken: (token, now) => {
      const found = tokens.get(hash(token));
      return Promise.resolve(found && found.until > now.getTime() ? { email: found.email, mailing: found.mailing } : undefined);
    },
  };
  return { entries, tokens, suppressions, unsubscribeTokens };
}

/** In-memory ports for the recommendations' unit tests: the same contracts as the DynamoDB store. */
import type { OutgoingMail } from '../ports/mail';
import type { RateLimiter, RecommendationRecord, RecommendationStore } from '../ports/recommendations';

export class MemoryRecommendations implements RecommendationStore {
  readonly records = new Map<string, RecommendationRecord>();

  listRecommendations(sub: string) {
    return Promise.resolve(
      [...this.records.values()]
        .filter((r) => r.sub === sub)
        .sort((a, b) => a.invitedAt.localeCompare(b.invitedAt))
        .map((r) => structuredClone(r)),
    );
  }
  readRecommendation(sub: string, id: string) {
    const r = this.records.get(id);
    return Promise.resolve(r && r.sub === sub ? structuredClone(r) : undefined);
  }
  findByTokenHash(hash: string) {
    const r = [...this.records.values()].find((x) => x.tokenHashes.includes(hash));
    return Promise.resolve(r && structuredClone(r));
  }
  findById(id: string) {
    const r = this.records.get(id);
    return Promise.resolve(r && structuredClone(r));
  }
  createRecommendation(record: RecommendationRecord) {
    this.records.set(record.id, structuredClone(record));
    return Promise.resolve();
  }
  updateRecommendation(record: RecommendationRecord) {
    const current = this.records.get(record.id);
    if (!current || current.version !== record.version - 1) return Promise.resolve(false);
    this.records.set(record.id, structuredClone(record));
    return Promise.resolve(true);
  }
  listExpiringBetween(fromDay: string, toDay: string) {
    return Promise.resolve(
      [...this.records.values()].filter((r) => r.expiresAt.slice(0, 10) >= fromDay && r.expiresAt.slice(0, 10) <= toDay).map((r) => structuredClone(r)),
    );
  }
}

export class MemoryLimiter implements RateLimiter {
  readonly counts = new Map<string, number>();
  hit(scope: string, key: string, windowSeconds: number, limit: number, now: Date) {
    const start = Math.floor(now.getTime() / 1000 / windowSeconds) * windowSeconds;
    const id = `${scope}#${key}#${start}`;
    const n = this.counts.get(id) ?? 0;
    const retryAt = new Date((start + windowSeconds) * 1000).toISOString();
    if (n >= limit) return Promise.resolve({ allowed: false, retryAt });
    this.counts.set(id, n + 1);
    return Promise.resolve({ allowed: true, retryAt });
  }
}

export class MemoryOutbox {
  readonly sent: OutgoingMail[] = [];
  readonly send = (mail: OutgoingMail) => {
    this.sent.push(mail);
    return Promise.resolve(`m-${this.sent.length}`);
  };
  /** The token of the newest mail's link to `to`. */
  tokenFor(to: string): string {
    const mail = [...this.sent].reverse().find((m) => m.to === to && m.link?.includes('/recommend?token='));
    if (!mail?.link) throw new Error(`no link mailed to ${to}`);
    return new URL(mail.link).searchParams.get('token') ?? '';
  }
}

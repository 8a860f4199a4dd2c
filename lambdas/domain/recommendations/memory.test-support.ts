/** In-memory ports for the recommendations' unit tests: the same contracts as the DynamoDB stores, conditions included. */
import type { StoredAnswers } from '../ports/answers';
import { WAIVER_ANSWER_KEY } from '../ports/keys';
import type { OutgoingMail } from '../ports/mail';
import {
  withIssuedHashes,
  type RateLimiter,
  type RecommendationRecord,
  type RecommendationStore,
  type RecommendationSlots,
  type RecommenderRole,
  type SlotClaim,
  type SlotIds,
} from '../ports/recommendations';

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
    this.records.set(record.id, structuredClone(withIssuedHashes(record)));
    return Promise.resolve();
  }
  deleteRecommendation(record: RecommendationRecord) {
    const current = this.records.get(record.id);
    if (current?.version === record.version) this.records.delete(record.id);
    return Promise.resolve();
  }
  updateRecommendation(record: RecommendationRecord, options: { newTokenHash?: string } = {}) {
    const current = this.records.get(record.id);
    if (!current || current.version !== record.version - 1) return Promise.resolve(false);
    this.records.set(record.id, structuredClone(withIssuedHashes(record, options.newTokenHash)));
    return Promise.resolve(true);
  }
  listExpiringBetween(fromDay: string, toDay: string) {
    return Promise.resolve(
      [...this.records.values()].filter((r) => r.expiresAt.slice(0, 10) >= fromDay && r.expiresAt.slice(0, 10) <= toDay).map((r) => structuredClone(r)),
    );
  }
}

interface ApplicantItem {
  answers: Record<string, string>;
  holds: Record<RecommenderRole, Set<string>>;
  invitations: number;
}

/**
 * The applicants' answers items in memory (every applicant starts with `answers`), with the
 * slots their recommendations hold and the adapter's conditions: a claim takes a slot only while
 * the role has room (or the id already holds one), the invitations sent are below the bound and
 * the waiver is still the one the invitation carries. Each write is one step, as DynamoDB's is.
 */
export class MemoryApplicants implements RecommendationSlots {
  readonly items = new Map<string, ApplicantItem>();
  constructor(private readonly answers: Record<string, string> = {}) {}

  item(sub: string): ApplicantItem {
    const found = this.items.get(sub);
    if (found) return found;
    const created: ApplicantItem = { answers: { ...this.answers }, holds: { counselor: new Set(), teacher: new Set() }, invitations: 0 };
    this.items.set(sub, created);
    return created;
  }
  readonly readAnswers = (sub: string): Promise<StoredAnswers> => {
    const { answers, holds, invitations } = this.item(sub);
    return Promise.resolve({ answers: { ...answers }, slots: { counselor: [...holds.counselor], teacher: [...holds.teacher], invitations } });
  };
  claimSlot(sub: string, claim: SlotClaim) {
    const item = this.item(sub);
    const held = item.holds[claim.role];
    const room = held.has(claim.id) || held.size < claim.maxInRole;
    if (item.answers[WAIVER_ANSWER_KEY] !== claim.waiver || !room || item.invitations >= claim.maxInvitations) return Promise.resolve(false);
    held.add(claim.id);
    item.invitations += 1;
    return Promise.resolve(true);
  }
  holdSlots(sub: string, ids: SlotIds) {
    const item = this.item(sub);
    for (const role of ['counselor', 'teacher'] as const) for (const id of ids[role] ?? []) item.holds[role].add(id);
    return Promise.resolve();
  }
  releaseSlots(sub: string, ids: SlotIds) {
    const item = this.item(sub);
    for (const role of ['counselor', 'teacher'] as const) for (const id of ids[role] ?? []) item.holds[role].delete(id);
    return Promise.resolve();
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
  /** Sets a window's count as if `n` hits had come (a cap reached without sending thousands). */
  fill(scope: string, key: string, windowSeconds: number, now: Date, n: number): void {
    const start = Math.floor(now.getTime() / 1000 / windowSeconds) * windowSeconds;
    this.counts.set(`${scope}#${key}#${start}`, n);
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

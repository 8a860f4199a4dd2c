/**
 * In-memory ports for the reviews' and decisions' unit tests: the same contracts as the DynamoDB
 * stores (a history that refuses a number twice, a decision record guarded by its version), and
 * one journal of every write in order, so a test can see that the audit record came first.
 */
import type { Timetable } from '#form/institution-cycles';
import type { ReadingConfig } from '#form/types';
import { currentStatus } from '../lifecycle/history';
import type { AuditRecord } from '../ports/audit';
import type { DecisionRecord, DecisionStore, Review, ReviewQueue, ReviewStore } from '../ports/decisions';
import type { NumberedChange } from '../ports/office-status';
import { MemoryReading } from '../reading/memory.test-support';
import type { DecisionPorts } from './decide';
import type { ReviewPorts } from './reviews';

type Audited = Pick<AuditRecord, 'action' | 'application' | 'detail'>;

export class MemoryOffice {
  /** Submitted application ids, oldest submission first. */
  readonly submitted: string[];
  readonly history = new Map<string, NumberedChange[]>();
  readonly records = new Map<string, DecisionRecord>();
  readonly reviews = new Map<string, Review[]>();
  readonly reviewedBy = new Map<string, Set<string>>();
  /** The list's score key each review save wrote (reviews-store.ts writes it on the answers item). */
  readonly scoreSort = new Map<string, string>();
  /** Each application's placement (none: before cycles). */
  readonly placements = new Map<string, { cycle: string; round: string; late: boolean }>();
  timetable: Timetable = { cycles: [], timeZone: 'UTC' };
  readonly audited: Audited[] = [];
  /** Every write, in order: `audit:<action>`, `review`, `decision`, `history`. */
  readonly journal: string[] = [];
  /** The cycle each application was submitted in (none: before cycles, the first configured cycle's). */
  readonly cycles = new Map<string, string>();
  /** Ids whose next decision write fails as if someone wrote meanwhile. */
  readonly raceOn = new Set<string>();

  constructor(...submitted: string[]) {
    this.submitted = submitted;
  }

  readonly status: ReviewPorts['status'] = {
    readSubmitted: async (id) =>
      this.submitted.includes(id) ? { id, ...(this.placements.has(id) ? { placement: this.placements.get(id)! } : {}) } : undefined,
    readHistory: async (id) => [...(this.history.get(id) ?? [])],
    appendHistory: async (id, change) => {
      const list = this.history.get(id) ?? [];
      if (list.some((c) => c.seq === change.seq)) return false;
      this.history.set(id, [...list, change]);
      this.journal.push('history');
      return true;
    },
    markStatus: async () => {},
  };

  readonly decisions: DecisionStore = {
    readDecision: async (id) => structuredClone(this.records.get(id)),
    writeDecision: async (id, record, expectedVersion) => {
      if (this.raceOn.delete(id)) return false;
      if ((this.records.get(id)?.version ?? 0) !== expectedVersion) return false;
      this.records.set(id, structuredClone(record));
      this.journal.push('decision');
      return true;
    },
  };

  readonly reviewStore: ReviewStore = {
    readReviews: async (id) => structuredClone(this.reviews.get(id) ?? []),
    saveReview: async (id, review, scoreSort) => {
      this.scoreSort.set(id, scoreSort);
      this.reviews.set(id, [...(this.reviews.get(id) ?? []).filter((r) => r.reviewer !== review.reviewer), structuredClone(review)]);
      this.reviewedBy.set(id, (this.reviewedBy.get(id) ?? new Set()).add(review.reviewer));
      this.journal.push('review');
    },
  };

  readonly queue: ReviewQueue = {
    nextUnreviewed: async (reviewer, cycle) => {
      const inCycle = (a: string) => this.cycles.get(a) === cycle.id || (cycle.withUnplaced && !this.cycles.has(a));
      const id = this.submitted.find((a) => inCycle(a) && ['submitted', 'in_review'].includes(this.statusOf(a)) && !this.reviewedBy.get(a)?.has(reviewer));
      return id ? { id, reference: `REF-${id}` } : undefined;
    },
  };

  readonly audit = async (record: Audited) => {
    this.audited.push(structuredClone(record));
    this.journal.push(`audit:${record.action}`);
  };

  statusOf(id: string) {
    return currentStatus(this.history.get(id) ?? []).status;
  }

  whats(id: string) {
    return (this.history.get(id) ?? []).map((c) => `${c.from} → ${c.to}: ${c.what}`);
  }

  get decisionPorts(): DecisionPorts {
    return { decisions: this.decisions, status: this.status, audit: this.audit };
  }

  /** The reading's store (reading/memory.test-support.ts): empty unless a test submits into it. */
  readonly reading = new MemoryReading();
  readingConfig: ReadingConfig = { readsRequired: 2, committeeScoreGap: 4, assignments: [] };

  get reviewPorts(): ReviewPorts {
    return {
      reviews: this.reviewStore,
      status: this.status,
      audit: this.audit,
      reading: { store: this.reading, config: this.readingConfig, timetable: this.timetable },
    };
  }
}

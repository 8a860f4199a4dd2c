/**
 * The committee queue (GET /staff/api/committee, deciders and admins; issue 39, item 1): the
 * applications whose reads disagree and are not decided yet, oldest first, each with its reads'
 * recommendations and totals (the reads required are in, so no blind round hides them).
 */
import type { ReadingConfig } from '#form/types';
import type { CommitteeItem, CommitteeList } from '#form/wire/reading';
import type { StaffAudit } from '../ports/audit';
import { STILL_READ, type ReadingStore, type ReviewsReader } from '../ports/reading';
import { disagreement, totalScore } from './committee';

export const COMMITTEE_PAGE = 100;

export interface CommitteePorts {
  reading: Pick<ReadingStore, 'readShelf' | 'readReadings' | 'deletePointer'>;
  reviews: ReviewsReader;
  audit: StaffAudit;
}

export async function committeeList(ports: CommitteePorts, config: ReadingConfig): Promise<CommitteeList> {
  await ports.audit({ action: 'committee' });
  const pointers = await ports.reading.readShelf({ kind: 'committee' }, COMMITTEE_PAGE);
  const records = new Map((await ports.reading.readReadings(pointers.map((p) => p.id))).map((r) => [r.id, r]));
  const items: CommitteeItem[] = [];
  for (const p of pointers) {
    const record = records.get(p.id);
    if (!record || !STILL_READ.includes(record.officeStatus)) {
      // Decided (or erased) since: the committee is done with it.
      await ports.reading.deletePointer({ kind: 'committee' }, p);
      continue;
    }
    const reviews = await ports.reviews.readReviews(p.id);
    const why = disagreement(reviews, config);
    if (!why) continue;
    items.push({
      id: p.id,
      reference: record.reference,
      name: record.name,
      submitted_at: record.submittedAt,
      disagreement: why,
      reads: reviews.map((r) => ({ reviewer: r.reviewer, recommendation: r.recommendation, total: totalScore(r) })),
    });
  }
  return { items };
}

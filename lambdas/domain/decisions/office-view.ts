/**
 * What an application's page shows a staff member of reviews and the decision: deciders and
 * admins read every review (reviewer and time) and the decision record (staged or released, and
 * the applicant's reply); a reader reads their own review and no decision, and so does a decider
 * of a blind round's application until they have reviewed it or its reads are in (reading/blind.ts).
 */
import type { StaffDecision } from '#form/wire/decisions';
import type { StaffRole } from '#form/wire/roles';
import type { DecisionStore, Review, ReviewStore } from '../ports/decisions';
import { blindFor } from '../reading/blind';
import { staffDecision } from './decide';
import { seesDecisions, visibleReviews } from './visibility';

export async function reviewsAndDecision(
  ports: { reviews: Pick<ReviewStore, 'readReviews'>; decisions: Pick<DecisionStore, 'readDecision'> },
  id: string,
  staff: { email: string; role: StaffRole },
  reading: { blind: boolean; readsRequired: number } = { blind: false, readsRequired: 1 },
): Promise<{ reviews: Review[]; decision?: StaffDecision }> {
  const deciding = seesDecisions(staff.role);
  const [reviews, record] = await Promise.all([ports.reviews.readReviews(id), deciding ? ports.decisions.readDecision(id) : undefined]);
  const blind = blindFor(staff, reading.blind, reviews, reading.readsRequired);
  return { reviews: visibleReviews(reviews, staff.role, staff.email, blind), ...(record ? { decision: staffDecision(record) } : {}) };
}

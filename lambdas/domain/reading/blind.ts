/**
 * Blind reading (issue 39, item 1; a round's `blindReading`): in a blind round a reader or a
 * decider sees no other review, score or recommendation of an application until they have
 * submitted their own. A reader never sees another's review anyway (decisions/visibility.ts); the
 * blind round hides them from a decider too, until the decider has reviewed it or the reads
 * required are all in (the reading is over and the decision is theirs: the committee reads them).
 * An admin is never blind: they reassign, and answer for the office's records.
 */
import type { Timetable } from '#form/institution-cycles';
import type { StaffRole } from '#form/wire/roles';
import type { Review } from '../ports/decisions';
import type { SubmissionsIndex } from '../ports/submissions';

/** Whether an application placed in this cycle and round is read blind. */
export function isBlindRound(timetable: Timetable, placement: { cycle: string; round: string } | undefined): boolean {
  if (!placement) return false;
  const round = timetable.cycles.find((c) => c.id === placement.cycle)?.rounds.find((r) => r.id === placement.round);
  return round?.blindReading === true;
}

/** What a blind reading withholds from this viewer: true while others' reviews must stay hidden from them. */
export function blindFor(
  viewer: { role: StaffRole; email: string },
  blind: boolean,
  reviews: readonly Pick<Review, 'reviewer'>[],
  readsRequired: number,
): boolean {
  if (!blind || viewer.role === 'admin') return false;
  if (reviews.some((r) => r.reviewer === viewer.email)) return false;
  return reviews.length < readsRequired;
}

/** Whether the application's other reviews are still kept from this viewer: read from its round and its reviews (the access record's check). */
export async function blindReadingFor(
  ports: Pick<SubmissionsIndex, 'readSubmitted'> & { readReviews(id: string): Promise<Review[]>; timetable: Timetable; readsRequired: number },
  id: string,
  viewer: { role: StaffRole; email: string },
): Promise<boolean> {
  if (viewer.role !== 'decider') return false;
  const app = await ports.readSubmitted(id);
  if (!isBlindRound(ports.timetable, app?.placement)) return false;
  return blindFor(viewer, true, await ports.readReviews(id), ports.readsRequired);
}

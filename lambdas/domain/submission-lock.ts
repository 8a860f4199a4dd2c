/**
 * Locking a submission: the answers item gets its submission time and its reference in one
 * conditional write, so a second submit (even one racing the first) keeps both as they were.
 * The reference is first reserved with its own conditional write, which is what makes it unique;
 * a collision draws another code.
 */
import type { SubmissionLockStore, SubmissionPlacement } from './ports/answers';
import { newReference } from './reference';

const ATTEMPTS = 8;

/** Returns false when the application was already submitted (its time and reference unchanged). */
export async function lockSubmission(
  store: SubmissionLockStore,
  sub: string,
  now: Date = new Date(),
  draw: () => string = newReference,
  placement?: SubmissionPlacement,
): Promise<boolean> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const reference = draw();
    if (!(await store.reserveReference(reference, sub, now))) continue;
    const locked = await store.markSubmitted(sub, now, reference, placement);
    // A racing submit locked first: its reference stands, this one is given back.
    if (!locked) await store.releaseReference(reference, sub);
    return locked;
  }
  throw new Error(`No free application reference after ${ATTEMPTS} attempts.`);
}

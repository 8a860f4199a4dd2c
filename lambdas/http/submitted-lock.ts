import { readAnswers } from '../adapters/store/answers-store';
import { Conflict } from '../domain/errors';

/** What a submitted application's tabs and blocks answer when someone tries to change them. */
export const APPLICATION_LOCKED = 'Your application has already been submitted, so it can no longer be changed.';

/**
 * 409 once the application is submitted: the answers lock inside submit itself, and everything
 * else the printed application is made of (tabs, add-another blocks, documents) follows that lock.
 */
export async function refuseAfterSubmission(sub: string, message: string): Promise<void> {
  if ((await readAnswers(sub)).submittedAt) throw new Conflict(message);
}

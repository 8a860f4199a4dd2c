import { readSubmittedAt } from '#adapters/store/answers-store';
import { ApplicationLocked } from '#domain/errors';
import { stateOf, type HttpMiddleware } from './pipeline';

/**
 * For the routes flagged `lockedAfterSubmit`: a submitted application is refused here, once,
 * before the handler does any work. The answers lock inside submit itself; a request racing
 * the submit is refused by the stores' conditional writes, which carry the same lock.
 */
export function submittedLock(): HttpMiddleware {
  return {
    before: async (request) => {
      const applicant = stateOf(request.context).applicant;
      if (!applicant) throw new Error('the submitted lock needs an applicant route');
      if (await readSubmittedAt(applicant.sub)) throw new ApplicationLocked();
    },
  };
}

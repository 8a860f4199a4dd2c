import { readSubmittedAt } from '#adapters/store/answers-store';
import { assertOpenForWriting } from '#domain/cycles/application-window';
import { ApplicationLocked } from '#domain/errors';
import { timetable } from '#form/institution-cycles';
import type { PipelineRow } from '#lambdas/route-row';
import { stateOf, type HttpMiddleware } from './pipeline';
import { receivedAt } from './received-at';

/**
 * For the routes flagged `lockedAfterSubmit` (their rows carry it: `lockedAfterSubmit(row)`
 * below, so no other Lambda bundles it): a submitted application is refused here, once,
 * before the handler does any work. The answers lock inside submit itself; a request racing
 * the submit is refused by the stores' conditional writes, which carry the same lock. An
 * application whose cycle is not open is refused the same way (409 in words).
 */
export function submittedLock(): HttpMiddleware {
  return {
    before: async (request) => {
      const applicant = stateOf(request.context).applicant;
      if (!applicant) throw new Error('the submitted lock needs an applicant route');
      if (await readSubmittedAt(applicant.application)) throw new ApplicationLocked();
      // Before its cycle opens and after it closes, an application is read-only (issue 37): the
      // cycle of the application written to, so last year's stays as it was once this year's opens.
      assertOpenForWriting(timetable, receivedAt(request.event), applicant.cycle);
    },
  };
}

/** The row of a route the table marks `lockedAfterSubmit: true`, with the lock its pipeline runs. */
export function lockedAfterSubmit<R extends PipelineRow & { lockedAfterSubmit: true }>(row: R): R & { submittedLock: HttpMiddleware } {
  return { ...row, submittedLock: submittedLock() };
}

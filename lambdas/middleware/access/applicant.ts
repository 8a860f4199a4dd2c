/**
 * The `httpHandler` of applicant routes: a verified session cookie, whose subject is the
 * applicant. It runs first after logging: who is asking comes before anything else, so an
 * unauthenticated caller learns nothing about input rules or the application's state.
 */
import { handlerBuilder } from '../http';
import { stateOf } from '../pipeline';
import { authenticateApplicant } from '../session';

export const httpHandler = handlerBuilder<'applicant'>(() => [
  {
    before: async (request) => {
      stateOf(request.context).applicant = await authenticateApplicant(request.event);
    },
  },
]);

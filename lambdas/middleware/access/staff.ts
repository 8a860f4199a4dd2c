/**
 * The `httpHandler` of staff routes: the staff pool's own cookies and verifier, so an
 * applicant's or a service token opens nothing here.
 */
import { handlerBuilder } from '../http';
import { stateOf } from '../pipeline';
import { authenticateStaff } from '../staff-session';

export const httpHandler = handlerBuilder<'staff'>(() => [
  {
    before: async (request) => {
      stateOf(request.context).staff = await authenticateStaff(request.event);
    },
  },
]);

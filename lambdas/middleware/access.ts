import { Unauthorized } from '../domain/errors';
import type { Access } from '../routes';
import { stateOf, type HttpMiddleware } from './pipeline';
import { authenticateApplicant, authenticateService } from './session';
import { authenticateStaff } from './staff-session';

/**
 * One middleware per access level of the route table. It runs first after logging: who is
 * asking comes before anything else, so an unauthenticated caller learns nothing about input
 * rules or the application's state. A new access level is one more entry here.
 */
export const accessMiddleware: Record<Access, () => HttpMiddleware[]> = {
  public: () => [],
  applicant: () => [{
    before: async (request) => {
      const state = stateOf(request.context);
      const session = await authenticateApplicant(request.event);
      if (!session.applicant) throw new Unauthorized();
      state.applicant = session.applicant;
      state.setCookies.push(...session.setCookies);
    },
  }],
  service: () => [{
    before: async (request) => {
      stateOf(request.context).service = await authenticateService(request.event);
    },
  }],
  // The staff pool's own cookies and verifier: an applicant's or a service token opens nothing here.
  staff: () => [{
    before: async (request) => {
      const state = stateOf(request.context);
      const session = await authenticateStaff(request.event);
      state.staff = session.staff;
      state.setCookies.push(...session.setCookies);
    },
  }],
};

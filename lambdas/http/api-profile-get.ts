import { readProfile } from '#domain/profile';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { profilePorts } from '#wiring/answers';

export const handler = httpHandler(routeRow('readProfile', { access: 'applicant' }), async ({ applicant }) =>
  readProfile(profilePorts(), { sub: applicant.sub, application: applicant.application, username: applicant.username }),
);

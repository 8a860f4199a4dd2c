import { readApplicantRecord } from '#adapters/store/answers-store';
import { readStatus } from '#adapters/store/status-store';
import { readProfile } from '#domain/profile';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';

export const handler = httpHandler(routeRow('readProfile', { access: 'applicant' }), async ({ applicant }) =>
  readProfile({ readApplicantRecord, readStatus }, applicant),
);

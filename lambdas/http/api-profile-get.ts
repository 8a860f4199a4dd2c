import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { readApplicantRecord } from '#adapters/store/answers-store';
import { readStatus } from '#adapters/store/status-store';
import { profileView } from '#domain/profile';

export const handler = httpHandler(routeRow('readProfile', { access: 'applicant' }), async ({ applicant }) => {
  const [record, status] = await Promise.all([readApplicantRecord(applicant.sub), readStatus(applicant.sub)]);
  return profileView(record, status, applicant.username);
});

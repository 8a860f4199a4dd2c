import { verifiedEmail } from '#adapters/identity/verified-email';
import { markSubmitted, readAnswers, releaseReference, reserveReference } from '#adapters/store/answers-store';
import { appendWebStatus, readStatus } from '#adapters/store/status-store';
import { lockTabsAndCounts, readAddAnother, readTabs } from '#adapters/store/tabs-store';
import { SUBMITTED_TEXT, submitApplication } from '#domain/submission';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { requestApplicationPdf } from '#wiring/renderer';
import { submissionOutputs } from '#wiring/submission';
import { requestConfirmationMail } from '#wiring/submission';

export const handler = httpHandler(routeRow('submitApplication', { access: 'applicant' }), async ({ applicant }) => {
  await submitApplication(
    {
      answers: { readAnswers, reserveReference, markSubmitted, releaseReference },
      tabs: { readTabs, readAddAnother, lockTabsAndCounts },
      verifiedEmail,
      outputs: submissionOutputs(),
      status: { readStatus, appendWebStatus },
      requestApplicationPdf,
      requestConfirmationMail,
    },
    applicant,
  );
  return { message: SUBMITTED_TEXT, web_status: 'submitted' };
});

import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { markSubmitted, readAnswers, releaseReference, reserveReference } from '#adapters/store/answers-store';
import { appendWebStatus, readStatus } from '#adapters/store/status-store';
import { lockTabsAndCounts, readAddAnother, readTabs } from '#adapters/store/tabs-store';
import { requestApplicationPdf } from '#adapters/renderer/request';
import { requestConfirmationMail } from '#adapters/mail/request';
import { submissionOutputs } from '#adapters/submission-outputs';
import { verifiedEmail } from '#adapters/identity/verified-email';
import { completeWebStatusOnSubmit } from '#domain/status-service';
import { SUBMITTED_TEXT, assertSubmittable } from '#domain/submission';
import { lockSubmission } from '#domain/submission-lock';
import { recordSubmission } from '#domain/staff/submission-outputs';

export const handler = httpHandler(routeRow('submitApplication', { access: 'applicant' }), async ({ applicant }) => {
  const sub = applicant.sub;
  // The e-mail the office lists, searches and exports is the identity provider's, read before
  // anything is locked; the token's `username` is a UUID in Cognito when e-mail is the username.
  const [{ answers, submittedAt }, tabs, addAnother, email] = await Promise.all([
    readAnswers(sub),
    readTabs(sub),
    readAddAnother(sub),
    verifiedEmail(applicant.accessToken),
  ]);
  let wonLock = false;
  if (!submittedAt) {
    assertSubmittable({ answers, tabs, addAnother });
    // Only the first of two racing submits wins the lock; both then finish the status.
    wonLock = await lockSubmission({ reserveReference, markSubmitted, releaseReference }, sub);
  }
  // Tabs and counts follow the answers' lock before anything reads them for the PDF.
  await lockTabsAndCounts(sub);
  // The office's index and the `Application Submitted` event, before the PDF is asked for.
  await recordSubmission(submissionOutputs, sub, email, wonLock);
  // Statuses are reached in order, even when the client skipped posting them; the PDF of the
  // locked answers does not depend on them. The confirmation e-mail is queued on every submit:
  // a repeated submit also retries one that never went, and its claim keeps it to one.
  await Promise.all([completeWebStatusOnSubmit({ readStatus, appendWebStatus }, sub), requestApplicationPdf(sub), requestConfirmationMail(sub)]);
  return { message: SUBMITTED_TEXT, web_status: 'submitted' };
});

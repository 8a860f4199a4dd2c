import { route } from '../routes';
import { httpHandler } from '../middleware/access/applicant';
import { readAnswers } from '../adapters/store/answers-store';
import { lockTabsAndCounts, readAddAnother, readTabs } from '../adapters/store/tabs-store';
import { completeWebStatusOnSubmit } from '../domain/status-service';
import { SUBMITTED_TEXT, assertSubmittable } from '../domain/submission';
import { lockSubmission } from '../domain/submission-lock';
import { requestApplicationPdf } from '../adapters/renderer/request';
import { recordSubmission } from '../domain/staff/submission-outputs';
import { afterSubmission } from '../domain/confirmation';

export const handler = httpHandler(route('submitApplication'), async ({ applicant }) => {
  const sub = applicant.sub;
  const [{ answers, submittedAt }, tabs, addAnother] = await Promise.all([readAnswers(sub), readTabs(sub), readAddAnother(sub)]);
  let wonLock = false;
  if (!submittedAt) {
    assertSubmittable({ answers, tabs, addAnother });
    // Only the first of two racing submits wins the lock; both then finish the status.
    wonLock = await lockSubmission(sub);
  }
  // Tabs and counts follow the answers' lock before anything reads them for the PDF.
  await lockTabsAndCounts(sub);
  // The office's index and the `Application Submitted` event, before the PDF is asked for.
  await recordSubmission(sub, applicant.username, wonLock);
  // Statuses are reached in order, even when the client skipped posting them; the PDF of the
  // locked answers does not depend on them.
  await Promise.all([completeWebStatusOnSubmit(sub), requestApplicationPdf(sub), afterSubmission(sub)]);
  return { message: SUBMITTED_TEXT, web_status: 'submitted' };
});

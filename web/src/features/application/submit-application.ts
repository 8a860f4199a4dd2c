import { answersStore } from '#web/lib/answers';
import { ApiError } from '#web/lib/api-client';
import { holdServerProblems } from '#web/lib/server-problems';
import { updateSnapshot, type WebStatus } from '#web/lib/session';
import { postSubmit, postValidations, postWebStatus } from './api/status-api';
import type { FormContext } from './model';
import { validateAll } from './validate';

/**
 * What a submit came to: problems for the applicant to fix (shown by the error summary), or
 * submitted, with the server's words for it (in the applicant's language: the server words its
 * replies, so the sentence has one home in the catalogs).
 */
export type SubmitOutcome = { problems: true } | { problems: false; message: string };

/**
 * Submit once the answers are saved: the status moves on to validating, the browser's
 * and then the server's validation run, and the application is submitted.
 */
export async function submitSavedAnswers(ctx: FormContext, webStatus: WebStatus): Promise<SubmitOutcome> {
  // After the save: a conflict the applicant resolved may have changed them.
  const answers = answersStore.get();
  // The server moves one step at a time: if the automatic "started" has not landed yet, it goes first.
  if (webStatus === null) {
    await postWebStatus('started');
    updateSnapshot({ web_status: 'started' });
  }
  if (webStatus === 'started' || webStatus === null) {
    await postWebStatus('validating');
    updateSnapshot({ web_status: 'validating' });
  }
  const problems = validateAll(answers, ctx);
  await postValidations(problems);
  if (Object.keys(problems).length > 0) return { problems: true };
  let message: string;
  try {
    ({ message } = await postSubmit());
  } catch (e) {
    if (e instanceof ApiError && e.status === 422 && e.problems) {
      holdServerProblems(e.problems, answers);
      return { problems: true };
    }
    throw e;
  }
  await postWebStatus('submitted').catch(() => undefined);
  updateSnapshot({ web_status: 'submitted' });
  return { problems: false, message };
}

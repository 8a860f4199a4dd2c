import { route } from '../routes';
import { httpHandler } from '../middleware/access/applicant';
import { saveAnswers } from '../adapters/store/answers-store';
import { AnswersChangedElsewhere, parseAnswerSave } from '../domain/answer-save';
import { ApplicationLocked } from '../domain/errors';

export const handler = httpHandler(route('saveAnswers'), { body: parseAnswerSave }, async ({ applicant, body }) => {
  const outcome = await saveAnswers(applicant.sub, body);
  if (outcome === 'submitted') throw new ApplicationLocked();
  if (outcome !== 'saved') throw new AnswersChangedElsewhere(outcome.conflicts);
  return { message: 'Your answers have been saved.' };
});

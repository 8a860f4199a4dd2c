import { httpHandler } from '../middleware/http';
import { mergeAnswers } from '../adapters/store/answers-store';
import { AnswersChangedElsewhere, parseAnswerSave } from '../domain/answer-save';
import { Conflict } from '../domain/errors';

export const SUBMITTED_MESSAGE = 'Your application has already been submitted, so its answers can no longer be changed.';

export const handler = httpHandler({ name: 'saveAnswers', access: 'applicant', body: parseAnswerSave }, async ({ applicant, body }) => {
  const outcome = await mergeAnswers(applicant.sub, body);
  if (outcome === 'submitted') throw new Conflict(SUBMITTED_MESSAGE);
  if (outcome !== 'saved') throw new AnswersChangedElsewhere(outcome.conflicts);
  return { message: 'Your answers have been saved.' };
});

import { httpHandler } from '../middleware/http';
import { mergeAnswers } from '../adapters/store/answers-store';
import { parseAnswerPatch } from '../domain/application';
import { Conflict } from '../domain/errors';

export const SUBMITTED_MESSAGE = 'Your application has already been submitted, so its answers can no longer be changed.';

export const handler = httpHandler({ name: 'saveAnswers', access: 'applicant', body: parseAnswerPatch }, async ({ applicant, body }) => {
  if ((await mergeAnswers(applicant.sub, body)) === 'submitted') throw new Conflict(SUBMITTED_MESSAGE);
  return { message: 'Your answers have been saved.' };
});

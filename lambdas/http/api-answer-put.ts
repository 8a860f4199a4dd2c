import { route } from '../routes';
import { httpHandler } from '../middleware/http';
import { mergeAnswers } from '../adapters/store/answers-store';
import { parseAnswerPatch } from '../domain/application';
import { ApplicationLocked } from '../domain/errors';

export const handler = httpHandler(route('saveAnswers'), { body: parseAnswerPatch }, async ({ applicant, body }) => {
  if ((await mergeAnswers(applicant.sub, body)) === 'submitted') throw new ApplicationLocked();
  return { message: 'Your answers have been saved.' };
});

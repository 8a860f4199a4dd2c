import { route } from '../routes';
import { httpHandler } from '../middleware/access/applicant';
import { mergeAnswers, readAnswers } from '../adapters/store/answers-store';
import { parseAnswerSave, saveAnswers } from '../domain/answer-save';

export const handler = httpHandler(route('saveAnswers'), { body: parseAnswerSave }, async ({ applicant, body }) => {
  await saveAnswers({ mergeAnswers, readAnswers }, applicant.sub, body);
  return { message: 'Your answers have been saved.' };
});

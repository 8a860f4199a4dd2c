import { route } from '../routes';
import { httpHandler } from '../middleware/http';
import { saveAnswers } from '../adapters/store/answers-store';
import { AnswersChangedElsewhere } from '../domain/answer-save';
import { saveAnswersInput } from '../../form/wire/answers';
import { ApplicationLocked } from '../domain/errors';

export const handler = httpHandler(route('saveAnswers'), saveAnswersInput, async ({ applicant, body }) => {
  const outcome = await saveAnswers(applicant.sub, body);
  if (outcome === 'submitted') throw new ApplicationLocked();
  if (outcome !== 'saved') throw new AnswersChangedElsewhere(outcome.conflicts);
  return { message: 'Your answers have been saved.' };
});

import { saveAnswers } from '#domain/answer-save';
import { saveAnswersInput } from '#form/wire/answers';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { receivedAt } from '#middleware/received-at';
import { saveAnswersPorts } from '#wiring/answers';

export const handler = httpHandler(
  routeRow('saveAnswers', { access: 'applicant', lockedAfterSubmit: 'by-its-write' }),
  saveAnswersInput,
  async ({ applicant, body, event }) => {
    await saveAnswers(saveAnswersPorts(), applicant.application, body, receivedAt(event), applicant.cycle);
    return { message: 'Your answers have been saved.' };
  },
);

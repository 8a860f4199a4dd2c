import { route } from '#lambdas/routes';
import { httpHandler } from '#middleware/access/public';
import { resolveToken } from '#adapters/store/tokens-store';
import { readTemporaryAnswersInput } from '#form/wire/queries';
import { Invalid, NotFound } from '#domain/errors';

/**
 * A temporary public answer set (spec: ?token= loads answers without login): answers an
 * admissions office prepared for a prospective applicant, handed out by a time-limited link.
 */
export const handler = httpHandler(
  route('readTemporaryAnswers'), readTemporaryAnswersInput,
  async ({ query }) => {
    if (!query.token) throw new Invalid('A token is required.');
    const grant = await resolveToken('tmp', query.token);
    if (!grant) throw new NotFound('This link is not valid or has expired.');
    return { answer: grant.answers ?? {} };
  },
);

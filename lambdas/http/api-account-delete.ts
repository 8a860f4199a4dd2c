import { identity } from '#adapters/identity';
import { readAnswers } from '#adapters/store/answers-store';
import { closeAccount } from '#domain/data-rights/close-account';
import { institution } from '#form/institution';
import { closeAccountInput } from '#form/wire/data-rights';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { clearedSessionCookies } from '#middleware/cookies';
import { reply } from '#middleware/http';
import { erasurePorts } from '#wiring/data-rights';

/**
 * DELETE /api/account {password}: the applicant closes their account before submitting. The
 * identity goes last, with the applicant's own token (DeleteUser: no IAM), which ends every
 * session; the cookies are cleared in the answer.
 */
export const handler = httpHandler(routeRow('closeAccount', { access: 'applicant' }), closeAccountInput, async ({ applicant, body }) => {
  const idp = identity();
  const message = await closeAccount(
    { idp, answers: { readAnswers }, erasure: erasurePorts(() => idp.deleteUser(applicant.accessToken)), helpEmail: institution.helpEmail },
    applicant,
    body.password,
  );
  return reply(200, { message }, clearedSessionCookies());
});

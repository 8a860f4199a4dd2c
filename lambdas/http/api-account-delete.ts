import { closeAccount } from '#domain/data-rights/close-account';
import { closeAccountInput } from '#form/wire/data-rights';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { clearedSessionCookies } from '#middleware/cookies';
import { reply } from '#middleware/http';
import { closeAccountPorts } from '#wiring/accounts';

/**
 * DELETE /api/account {password}: the applicant closes their account before submitting. The
 * identity goes last, with the applicant's own token (DeleteUser: no IAM), which ends every
 * session; the cookies are cleared in the answer.
 */
export const handler = httpHandler(routeRow('closeAccount', { access: 'applicant' }), closeAccountInput, async ({ applicant, body }) => {
  const message = await closeAccount(closeAccountPorts(applicant.accessToken), applicant, body.password);
  return reply(200, { message }, clearedSessionCookies());
});

import { closeAccount } from '#domain/data-rights/close-account';
import { closeAccountInput } from '#form/wire/data-rights';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { clearedSessionCookies } from '#middleware/cookies';
import { reply } from '#middleware/http';
import { closeAccountPorts } from '#wiring/accounts';

/**
 * DELETE /api/account {password}: the applicant closes their account before submitting. The
 * password is re-checked against the address AdminGetUser gives for the session's `sub`; the
 * identity goes last, by the retention function, the one Lambda allowed to delete identities,
 * which this route invokes and waits for (as the office's erasure does): the applicant's own token
 * carries no scope Cognito's DeleteUser would accept. The deletion closes every session; the
 * cookies are cleared in the answer.
 */
export const handler = httpHandler(routeRow('closeAccount', { access: 'applicant' }), closeAccountInput, async ({ applicant, body }) => {
  const message = await closeAccount(closeAccountPorts(), applicant, body.password);
  return reply(200, { message }, clearedSessionCookies());
});

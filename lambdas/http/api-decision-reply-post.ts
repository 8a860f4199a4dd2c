import { replyToDecision } from '#domain/releases/applicant';
import { replyToDecisionInput } from '#form/wire/decisions';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { replyPorts } from '#wiring/applicant-decision';

/** POST /api/decision/reply: the applicant's one reply to their released decision. */
export const handler = httpHandler(routeRow('replyToDecision', { access: 'applicant' }), replyToDecisionInput, async ({ applicant, body }) =>
  replyToDecision(await replyPorts(), applicant.application, body.reply),
);

import { decisionSettings } from '#adapters/decision-settings';
import { publishSubmissionEvent } from '#adapters/events';
import { log } from '#adapters/log';
import { sendMail } from '#adapters/mail';
import { requestDecisionLetter } from '#adapters/renderer/request';
import { decisionsStore } from '#adapters/store/decisions-store';
import { readSubmitted } from '#adapters/store/submissions-index';
import { replyToDecision } from '#domain/releases/applicant';
import { replyToDecisionInput } from '#form/wire/decisions';
import { config } from '#lambdas/config';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';

/** POST /api/decision/reply: the applicant's one reply to their released decision, confirmed by e-mail. */
export const handler = httpHandler(routeRow('replyToDecision', { access: 'applicant' }), replyToDecisionInput, async ({ applicant, body }) =>
  replyToDecision(
    {
      decisions: decisionsStore,
      readSubmitted,
      settings: decisionSettings(),
      publish: publishSubmissionEvent,
      sendMail,
      origin: config().publicOrigin,
      requestLetter: requestDecisionLetter,
      log,
    },
    applicant.sub,
    body.reply,
  ),
);

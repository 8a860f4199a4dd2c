import { decisionSettings } from '#adapters/decision-settings';
import { decisionsStore } from '#adapters/store/decisions-store';
import { readSubmitted } from '#adapters/store/submissions-index';
import { replyToDecision } from '#domain/releases/applicant';
import { replyToDecisionInput } from '#form/wire/decisions';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { publishSubmissionEvent } from '#wiring/events';

/** POST /api/decision/reply: the applicant's one reply to their released decision. */
export const handler = httpHandler(routeRow('replyToDecision', { access: 'applicant' }), replyToDecisionInput, async ({ applicant, body }) =>
  replyToDecision({ decisions: decisionsStore, readSubmitted, settings: decisionSettings(), publish: publishSubmissionEvent }, applicant.sub, body.reply),
);

/**
 * The decision letters' settings: the institution's configuration (letters, reply-by date, what
 * follows each reply, time zone), with the deployment's DECISION_REPLY_BY, when set, in place of
 * the reply-by date.
 */
import type { DecisionSettings } from '#domain/releases/applicant';
import { institution } from '#form/institution';
import { policies } from '#form/institution-policies';
import { config } from '#lambdas/config';

export function decisionSettings(): DecisionSettings {
  const replyBy = config().decisionReplyBy || policies.decisions.replyBy;
  return {
    institution: institution.name,
    majors: institution.majors,
    letters: policies.decisions.letters,
    afterReply: policies.decisions.afterReply,
    ...(replyBy ? { replyBy } : {}),
    timeZone: institution.timeZone,
    helpEmail: institution.helpEmail,
    address: [...institution.address.lines, `${institution.address.city}, ${institution.address.state} ${institution.address.zip}`],
  };
}

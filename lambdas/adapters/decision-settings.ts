/**
 * The decision letters' settings: the institution's configuration (letters, signature, reply-by
 * date, time zone), with the deployment's DECISION_REPLY_BY, when set, in place of the reply-by date.
 */
import type { DecisionSettings } from '#domain/releases/applicant';
import { institution } from '#form/institution';
import { decisionLetters, policies } from '#form/institution-policies';
import { config } from '#lambdas/config';

export function decisionSettings(): DecisionSettings {
  const replyBy = config().decisionReplyBy || policies.decisions.replyBy;
  return {
    institution: institution.name,
    majors: institution.majors,
    letters: decisionLetters(),
    signature: policies.decisions.signature,
    ...(replyBy ? { replyBy } : {}),
    timeZone: institution.timeZone,
    helpEmail: institution.helpEmail,
    address: [...institution.address.lines, `${institution.address.city}, ${institution.address.state} ${institution.address.zip}`],
  };
}

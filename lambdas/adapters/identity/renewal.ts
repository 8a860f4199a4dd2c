/** The session-renewal port (domain/session.ts) for the applicant pool: the session is kept under the applicant's sub. */
import { APPLICANT_ENDED } from '#domain/session-activity';
import { sessionRenewal } from './session-renewal';
import { verifyAccessToken } from './verify';
import { identity } from './index';

export const applicantRenewal = sessionRenewal({
  pool: 'applicant',
  provider: identity,
  verify: verifyAccessToken,
  sessionKey: (sub) => sub,
  ended: APPLICANT_ENDED,
});

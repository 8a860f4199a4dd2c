/**
 * The `httpHandler` of applicant routes: a verified session cookie, whose subject is the
 * applicant. It runs first after logging: who is asking comes before anything else, so an
 * unauthenticated caller learns nothing about input rules or the application's state.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { verifyAccessToken } from '#adapters/identity/verify';
import { readApplications } from '#adapters/store/applications-store';
import { sessionActivity } from '#adapters/store/session-activity-store';
import { readSessionCached } from '#adapters/store/status-store';
import { resolveApplication } from '#domain/applications/account-applications';
import { Unauthorized } from '#domain/errors';
import { sessionEnded } from '#domain/session';
import { APPLICANT_ENDED, keepSessionAlive } from '#domain/session-activity';
import { timetable } from '#form/institution-cycles';
import { sessionLimits } from '#lambdas/config';
import { cookieNames, isAmbiguous, readCookies } from '../cookies';
import { handlerBuilder } from '../http';
import { stateOf } from '../pipeline';
import type { Applicant } from '../session';

/**
 * Verifies the session cookie. An expired access token is refused like any other (401): the
 * browser renews it at POST /public/refresh and retries, so no applicant route carries the
 * identity provider's client. Tokens issued before the applicant's last sign-out, or belonging
 * to a signed-out session, are refused; so is a session idle past the timeout or older than its
 * lifetime, and every other request keeps the session alive. Then the application the request is
 * about: the account's active one, or for a read naming a cycle that cycle's.
 */
export async function authenticateApplicant(event: APIGatewayProxyEventV2): Promise<Applicant> {
  const names = cookieNames();
  if (isAmbiguous(event, names.access)) throw new Unauthorized();
  const accessToken = readCookies(event)[names.access];
  if (!accessToken) throw new Unauthorized();
  const verified = await verifyAccessToken(accessToken);
  if (!verified.ok) throw new Unauthorized();
  const { claims } = verified;
  if (sessionEnded(await readSessionCached(claims.sub), claims)) throw new Unauthorized();
  await keepSessionAlive(sessionActivity, claims, claims.sub, sessionLimits('applicant'), APPLICANT_ENDED);
  const application = await resolveApplication({ applications: { readApplications }, timetable }, claims.sub, {
    cycle: event.queryStringParameters?.cycle,
    writes: event.requestContext.http.method !== 'GET',
  });
  const applicant: Applicant = {
    sub: claims.sub,
    application: application.key,
    cycle: application.cycle,
    activeApplication: application.active,
    username: claims.username,
    accessToken,
  };
  if (claims.origin_jti) applicant.sessionId = claims.origin_jti;
  return applicant;
}

export const httpHandler = handlerBuilder<'applicant'>(() => [
  {
    before: async (request) => {
      stateOf(request.context).applicant = await authenticateApplicant(request.event);
    },
  },
]);

/** The `httpHandler` of service routes: a service_token in the query, for one applicant's data. */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { resolveToken } from '#adapters/store/tokens-store';
import { Unauthorized } from '#domain/errors';
import { handlerBuilder } from '../http';
import { stateOf } from '../pipeline';
import type { ServiceCaller } from '../session';

/** Read-only access to the one applicant the token was issued for. */
export async function authenticateService(event: APIGatewayProxyEventV2): Promise<ServiceCaller> {
  const token = event.queryStringParameters?.service_token;
  if (!token) throw new Unauthorized('A service token is required.');
  const grant = await resolveToken('service', token);
  if (!grant) throw new Unauthorized('The service token is invalid or has expired.');
  return { sub: grant.sub, ...(grant.language ? { language: grant.language } : {}) };
}

export const httpHandler = handlerBuilder<'service'>(() => [
  {
    before: async (request) => {
      stateOf(request.context).service = await authenticateService(request.event);
    },
  },
]);

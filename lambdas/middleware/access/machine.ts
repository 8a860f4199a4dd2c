/**
 * The `httpHandler` of the student information system's routes (/sis/v1/): a bearer token of
 * the client-credentials grant in the Authorization header, and nothing else (a session cookie
 * or a link's token opens nothing here, and no other level reads this header). The token is
 * verified, then its client (revoked or expired: 401), the route's scope (403, named) and the
 * client's requests a minute (429 with Retry-After); the client's name is the actor of what the
 * route records. Every answer that is not a success carries `{code, message}`.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { verifyMachineToken } from '#adapters/identity/machine-verify';
import { rateLimiter } from '#adapters/store/rate-limits';
import { markUsed, readClientCached } from '#adapters/store/sis-client-use';
import { Unauthorized } from '#domain/errors';
import { admitMachineCall } from '#domain/sis/machine-call';
import { SIS_ERROR_CODES, type SisScope } from '#form/wire/sis';
import { config } from '#lambdas/config';
import type { PipelineRow } from '#lambdas/route-row';
import { handlerBuilder, type HttpHandlerBuilder } from '../http';
import { stateOf } from '../pipeline';
import type { MachineCaller } from '../session';

const NO_TOKEN = 'This API needs a bearer token from the token endpoint: Authorization: Bearer <access_token>.';
const BAD_TOKEN = 'The token is not valid or has expired: request a new one from the token endpoint.';

/** The bearer token of the Authorization header: exactly one, of the bearer scheme. */
function bearerToken(event: APIGatewayProxyEventV2): string | undefined {
  const header = event.headers?.authorization ?? event.headers?.Authorization;
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header?.trim() ?? '');
  return match?.[1];
}

export async function authenticateMachine(event: APIGatewayProxyEventV2, scope: SisScope | undefined): Promise<MachineCaller> {
  const token = bearerToken(event);
  if (!token) throw new Unauthorized(NO_TOKEN);
  const verified = await verifyMachineToken(token);
  if (!verified.ok) throw new Unauthorized(BAD_TOKEN);
  // A machine row always names its scope (form/wire/sis-endpoints.ts); one that somehow has none admits nobody.
  if (!scope) throw new Unauthorized(BAD_TOKEN);
  const c = config();
  const client = await admitMachineCall(
    { readClient: readClientCached, markUsed, rateLimiter, requestsPerMinute: c.sisRequestsPerMinute },
    verified.claims,
    scope,
    new Date(),
  );
  return { clientId: client.id, name: client.name };
}

function withCode(result: APIGatewayProxyStructuredResultV2): APIGatewayProxyStructuredResultV2 {
  if ((result.statusCode ?? 200) < 400 || typeof result.body !== 'string') return result;
  try {
    const body = JSON.parse(result.body) as Record<string, unknown>;
    return { ...result, body: JSON.stringify({ code: (SIS_ERROR_CODES as Record<number, string>)[result.statusCode!] ?? 'error', ...body }) };
  } catch {
    return result;
  }
}

type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

const build = handlerBuilder<'machine'>((route: PipelineRow) => [
  {
    before: async (request) => {
      stateOf(request.context).machine = await authenticateMachine(request.event, route.scope);
    },
  },
]) as (...args: unknown[]) => LambdaHandler;

export const httpHandler = ((...args: unknown[]): LambdaHandler => {
  const handler = build(...args);
  return async (event, context) => withCode(await handler(event, context));
}) as HttpHandlerBuilder<'machine'>;

import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { log } from '#adapters/log';
import type { RouteDef } from '#lambdas/routes';
import { lambdaContext } from '#local/api-gateway';
import { inInvocation } from '#local/invocation';
import { httpHandler } from '#middleware/access/public';

const event = { headers: {}, queryStringParameters: {} } as unknown as APIGatewayProxyEventV2;

describe('local invocations', () => {
  afterEach(() => vi.restoreAllMocks());

  it('log under their own request id and route even when they overlap in one process', async () => {
    const lines: Array<Record<string, unknown>> = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      return true;
    });
    const slowRoute = (name: string) =>
      ({ name, method: 'GET', path: `/${name}`, entry: `http/${name}-get.ts`, access: 'public', grants: [] }) as const satisfies RouteDef;
    const handlerOf = (name: string, waitMs: number) =>
      httpHandler(slowRoute(name), async () => {
        log.info('before the wait');
        await new Promise((ok) => setTimeout(ok, waitMs));
        log.info('after the wait');
        return {};
      });
    const run = (name: string, waitMs: number) => {
      const context: Context = lambdaContext(name);
      return inInvocation(context.awsRequestId, () => handlerOf(name, waitMs)(event, context)).then(() => context.awsRequestId);
    };
    const [slow, fast] = await Promise.all([run('slow', 40), run('fast', 5)]);
    vi.restoreAllMocks();
    const byRoute = (route: string) => lines.filter((l) => l.route === route).map((l) => l.function_request_id);
    expect(byRoute('slow')).toEqual([slow, slow]);
    expect(byRoute('fast')).toEqual([fast, fast]);
    expect(lines.every((l) => typeof l.cold_start === 'boolean')).toBe(true);
  });
});

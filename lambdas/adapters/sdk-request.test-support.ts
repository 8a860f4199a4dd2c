import type { HttpRequest } from '@smithy/core/protocols';
import type { BuildMiddleware, MiddlewareStack } from '@smithy/types';


/**
 * The request an SDK client sends in `send()`, as serialized (before its auth step), without
 * sending it: what the calls made without the client (./signed-request.ts) are compared with.
 */
export async function sdkRequest<I extends object, O extends object>(client: { middlewareStack: MiddlewareStack<I, O> }, send: () => Promise<unknown>): Promise<HttpRequest> {
  let captured: HttpRequest | undefined;
  const capture: BuildMiddleware<I, O> = () => (args) => {
    captured = args.request as HttpRequest;
    return Promise.resolve({ output: { $metadata: {} } as unknown as O, response: {} });
  };
  client.middlewareStack.add(capture, { step: 'build', priority: 'low' });
  await send().catch(() => undefined);
  if (!captured) throw new Error('the client sent no request');
  return captured;
}

import type { HttpRequest } from '@smithy/core/protocols';
import type { BuildMiddleware, MiddlewareStack } from '@smithy/types';

/**
 * The request an SDK client sends in `send()`, as serialized (before its auth step), without
 * sending it: what the calls made without the client (./signed-request.ts) are compared with.
 */
export async function sdkRequest<I extends object, O extends object>(
  client: { middlewareStack: MiddlewareStack<I, O> },
  send: () => Promise<unknown>,
): Promise<HttpRequest> {
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

/** A client's configuration for the comparison: a region, example credentials (nothing is sent), and the endpoint when one is named (a local stand-in). */
export function comparedClientConfig(region: string, endpoint = '') {
  return { region, credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' }, ...(endpoint ? { endpoint } : {}) };
}

/** Where a request goes: what ours and the client's must agree on, whatever headers the client adds besides. */
export function requestLine(r: HttpRequest) {
  return { method: r.method, protocol: r.protocol, hostname: r.hostname, port: r.port, path: r.path, query: r.query };
}

/** A header of the client's request by its lower-case name (the client keeps some in the case it names them, `X-Amz-Invocation-Type`). */
export function clientHeader(r: HttpRequest, name: string): string | undefined {
  return r.headers[name] ?? Object.entries(r.headers).find(([key]) => key.toLowerCase() === name)?.[1];
}

/** A request's body as text (a client may keep it as a string or as bytes). */
export function bodyText(body: unknown): string {
  return typeof body === 'string' ? body : Buffer.from(body as Uint8Array).toString();
}

/** A request as a server receives it: method, path and query (each value a string). */
export function asReceived(r: HttpRequest): { method: string; path: string; query: Record<string, string> } {
  return { method: r.method, path: r.path, query: Object.fromEntries(Object.entries(r.query).map(([k, v]) => [k, String(v)])) };
}

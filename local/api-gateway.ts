/**
 * What API Gateway's HTTP API does in AWS, done locally: turn an HTTP request into a v2
 * payload-format event for the route's handler module and write its result back.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { GENERIC_ERROR_MESSAGE } from '#domain/errors';
import { routes, type RouteDef } from '#lambdas/routes';
import { API_HEADERS } from '#middleware/response';
import { withRequestSource } from './identity/code-attempts';
import { inInvocation } from './invocation';
import { asRoute } from './route-grants';
import { findRoute } from './route-match';

/** API Gateway's payload limit; the handlers enforce their own, smaller one. */
const GATEWAY_MAX_BODY = 10 * 1024 * 1024;
const LAMBDAS_DIR = join(import.meta.dirname, '..', 'lambdas');

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;
/** Runs a route's function on an event (the source module here; a synthesized bundle in start:bundled). */
export type RouteInvoker = (route: RouteDef, event: APIGatewayProxyEventV2) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * The source module in this process, in its own invocation store, as the Lambda runtime runs each
 * request, with its row's grants (local/route-grants.ts); the local identity provider learns the
 * caller's address from it (its per-source limit).
 */
export const invokeSource: RouteInvoker = async (route, event) => {
  const handler = await loadHandler(route);
  const context = lambdaContext(route.name);
  return inInvocation(context.awsRequestId, () => asRoute(route, () => withRequestSource(event.requestContext.http.sourceIp, () => handler(event, context))));
};
const loaded = new Map<string, Promise<Handler>>();

function loadHandler(route: RouteDef): Promise<Handler> {
  let handler = loaded.get(route.entry);
  if (!handler) {
    handler = import(pathToFileURL(join(LAMBDAS_DIR, route.entry)).href).then((m: { handler?: Handler }) => {
      if (typeof m.handler !== 'function') throw new Error(`${route.entry} exports no handler`);
      return m.handler;
    });
    loaded.set(route.entry, handler);
  }
  return handler;
}

/**
 * Loads every handler module ahead of its first request, one at a time. In AWS a cold start
 * holds up only its own container; here one process serves every route, and loading a handler
 * (compiling it and its SDK clients, up to a second for the document routes) would stall every
 * applicant's request behind it, typically in the first rush after the stack starts.
 */
export async function preloadHandlers(): Promise<string[]> {
  const failed: string[] = [];
  for (const route of routes as readonly RouteDef[]) {
    await loadHandler(route).catch((error: unknown) => failed.push(`${route.entry}: ${String(error)}`));
    // Let requests that arrived meanwhile run between two modules.
    await new Promise((ok) => setImmediate(ok));
  }
  return failed;
}

export function lambdaContext(functionName: string, timeoutMs = 29_000): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, API_HEADERS);
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > GATEWAY_MAX_BODY) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml)|text\/)/i;

export function isApiPath(path: string): boolean {
  return /^\/(api|public|service|lookup|staff\/api|sis|unsubscribe)(\/|$)/.test(path);
}

export interface GatewayRequest {
  method: string;
  url: URL;
  /** "PUT /api/answer": the matched route's method and path. */
  routeKey: string;
  /** Lower-case names; a `cookie` header becomes the event's `cookies`, as API Gateway does. */
  headers: Readonly<Record<string, string>>;
  body: Buffer;
  pathParameters: Readonly<Record<string, string>>;
  protocol?: string;
  sourceIp?: string;
}

/** The v2 payload-format event API Gateway's HTTP API hands a route's function for a request. */
export function gatewayEvent(request: GatewayRequest): APIGatewayProxyEventV2 {
  const { url, routeKey, body: raw } = request;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) if (name !== 'cookie') headers[name] = value;
  const cookies = (request.headers.cookie ?? '')
    .split(';')
    .map((c) => c.trim())
    .filter(Boolean);
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const isText = raw.length === 0 || TEXT_TYPES.test(headers['content-type'] ?? '');
  const now = new Date();
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(request.pathParameters).length ? { ...request.pathParameters } : undefined,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: request.method,
        path: url.pathname,
        protocol: request.protocol ?? 'HTTP/1.1',
        sourceIp: request.sourceIp ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: raw.length ? (isText ? raw.toString('utf8') : raw.toString('base64')) : undefined,
    isBase64Encoded: raw.length > 0 && !isText,
  };
}

/**
 * Handles an API request; the caller has checked isApiPath. Resolves, once the response is
 * written, to the route key ("PUT /api/answer") or undefined for no route.
 */
export async function handleApiRequest(req: IncomingMessage, res: ServerResponse, url: URL, invoke: RouteInvoker = invokeSource): Promise<string | undefined> {
  const method = (req.method ?? 'GET').toUpperCase();
  const { match, allowed } = findRoute(method, url.pathname);
  if (!match) {
    if (allowed.length > 0) {
      res.setHeader('allow', allowed.join(', '));
      send(res, 405, { message: `This address does not accept ${method} requests.` });
    } else {
      send(res, 404, { message: 'Not found.' });
    }
    return undefined;
  }
  const routeKey = `${match.route.method} ${match.route.path}`;

  const raw = await readBody(req);
  if (raw === 'too-large') {
    // The rest of the body is never read: the connection cannot carry another request.
    res.setHeader('connection', 'close');
    send(res, 413, { message: 'The request is too large.' });
    req.destroy();
    return routeKey;
  }

  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const event = gatewayEvent({
    method,
    url,
    routeKey,
    headers,
    body: raw,
    pathParameters: match.pathParameters,
    protocol: `HTTP/${req.httpVersion}`,
    sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
  });

  let result: APIGatewayProxyStructuredResultV2;
  try {
    result = await invoke(match.route, event);
  } catch (error) {
    // A handler that throws past its middleware is a Lambda crash: API Gateway answers 500.
    process.stderr.write(`${JSON.stringify({ level: 'error', message: 'handler crashed', route: match.route.name, error: String(error) })}\n`);
    send(res, 500, { message: GENERIC_ERROR_MESSAGE });
    return routeKey;
  }
  const responseHeaders: Record<string, string | string[]> = { ...(result.headers as Record<string, string>) };
  if (result.cookies?.length) responseHeaders['set-cookie'] = result.cookies;
  res.writeHead(result.statusCode ?? 200, responseHeaders);
  res.end(result.body === undefined ? '' : result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body);
  return routeKey;
}

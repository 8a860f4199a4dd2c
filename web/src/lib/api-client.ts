import { applicantEndpoints } from '#form/wire/applicant-endpoints';
import type { Access, HttpMethod } from '#form/wire/endpoint';
import { fillPath, type InputOf, type RequestOf, type ResponseOf } from '#form/wire/endpoint';
import type { EndpointName, Endpoints } from '#form/wire/endpoints';
import { isApplicantSessionRoute, refreshRouteOf, type RefreshRoute } from '#form/wire/sessions';
import { genericErrorMessage, sessionInvalidMessage } from './messages';

/**
 * The routes this page knows: the applicant's half of the wire from the start; the office's half
 * (form/wire/staff-endpoints.ts) is added by the console when it loads, so the applicant's first
 * load carries none of the office's paths.
 */
const known: Partial<Record<EndpointName, KnownEndpoint>> = { ...applicantEndpoints };

/** What the client reads of a route's contract: where it is, and who may call it (whether a 401 may be an expired session). */
interface KnownEndpoint {
  method: HttpMethod;
  path: string;
  access: Access;
}

export function registerEndpoints(more: Partial<Record<EndpointName, KnownEndpoint>>): void {
  Object.assign(known, more);
}

function endpointOf(name: EndpointName): KnownEndpoint {
  const found = known[name];
  if (!found) throw new Error(`The route ${name} is not loaded: its feature registers it (registerEndpoints).`);
  return found;
}

export type FieldMessages = Record<string, string[]>;

/** Any failed call. `status` is 0 when the response never arrived or was not JSON. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors?: FieldMessages,
    readonly problems?: FieldMessages,
    /** The whole JSON body of a refusal, for callers that read more than the message (a save's conflicts). */
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A 401 on an applicant route means the session is gone; handled once, globally. */
export class UnauthorizedError extends ApiError {
  constructor(message = sessionInvalidMessage()) {
    super(message, 401);
    this.name = 'UnauthorizedError';
  }
}

export const isUnauthorized = (e: unknown): e is UnauthorizedError => e instanceof UnauthorizedError;

type UnauthorizedListener = (error: UnauthorizedError) => void;
let onUnauthorized: UnauthorizedListener = () => {};
/** The app registers what a lost session does (clear the cache, go to /login). */
export function setUnauthorizedHandler(listener: UnauthorizedListener): void {
  onUnauthorized = listener;
}
export function reportUnauthorized(error: UnauthorizedError): void {
  onUnauthorized(error);
}

function messageOf(body: unknown): string {
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
    return (body as { message: string }).message;
  }
  return genericErrorMessage();
}

function fieldMap(value: unknown): FieldMessages | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const out: FieldMessages = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (Array.isArray(v)) out[k] = v.filter((m): m is string => typeof m === 'string');
  }
  return out;
}

type Endpoint<N extends EndpointName> = Endpoints[N];

/** What a call of route N takes: its path parameters, body and query as its contract declares them. */
export type CallArgs<N extends EndpointName> = RequestOf<InputOf<Endpoint<N>>, Endpoint<N>['path']> & { signal?: AbortSignal };
type CallRest<N extends EndpointName> = object extends CallArgs<N> ? [args?: CallArgs<N>] : [args: CallArgs<N>];
/** What route N answers (200), as its contract declares it. */
export type Reply<N extends EndpointName> = ResponseOf<Endpoint<N>>;

/** The address of a call: the contract's path, its `{params}` filled in, and the query without empty values. */
export function urlOf<N extends EndpointName>(name: N, ...[args]: CallRest<N>): string {
  const { path, query } = (args ?? {}) as { path?: Record<string, string>; query?: Record<string, string | undefined> };
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== '') params.set(key, value);
  const search = params.toString();
  return fillPath(endpointOf(name).path, path) + (search ? `?${search}` : '');
}

/** A response as it arrived: the status and the text (not yet read as JSON). */
interface Exchange {
  status: number;
  ok: boolean;
  text: string;
}

/**
 * The language the page shows (web/src/lib/i18n.tsx sets the document's `lang`), so the server's
 * words in a reply read as the page around them (issue 41): the Lambdas' middleware reads it.
 */
const pageLanguage = (): string => (typeof document === 'undefined' ? '' : document.documentElement.lang) || 'en';

async function exchange(method: string, url: string, body: unknown, signal?: AbortSignal): Promise<Exchange> {
  try {
    const response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Accept-Language': pageLanguage() },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    return { status: response.status, ok: response.ok, text: await response.text() };
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    throw new ApiError(genericErrorMessage(), 0);
  }
}

/** One refresh per session at a time: the 401s of concurrent calls wait for the same one. */
const refreshing = new Map<RefreshRoute, Promise<boolean>>();

function refreshOnce(route: RefreshRoute): Promise<boolean> {
  let pending = refreshing.get(route);
  if (!pending) {
    const { method, path } = endpointOf(route);
    pending = exchange(method, path, undefined)
      .then(
        (res) => res.ok,
        () => false,
      )
      .finally(() => refreshing.delete(route));
    refreshing.set(route, pending);
  }
  return pending;
}

/**
 * The server ends a session after 15 minutes without a request, while the page's idle timer
 * counts keys and pointer moves: an applicant writing one long answer makes no request for as
 * long as it takes. So activity renews the applicant's session (a refresh is a request) when
 * none of its routes was called for this long.
 */
export const KEEP_ALIVE_AFTER_MS = 5 * 60_000;
/** When a call last reached the applicant's session (ms). */
let sessionCalledAt = Date.now();

/**
 * Forgets the session calls made so far (the clock starts now, no renewal is shared), as a fresh
 * page load would. For the web tests, whose files share one module graph (web/src/test/setup.ts).
 */
export function forgetSessionCalls(): void {
  refreshing.clear();
  sessionCalledAt = Date.now();
}

/** The page saw the applicant do something: keep the server's session as alive as the page's. */
export function keepSessionAlive(now: number = Date.now()): void {
  if (now - sessionCalledAt < KEEP_ALIVE_AFTER_MS) return;
  sessionCalledAt = now;
  void refreshOnce('refreshSession');
}

/**
 * Before the browser follows a link to route N (a download route, which answers 303 to a new
 * short-lived link): renews the session, so an access token that expired while the page stayed
 * open does not send the person to the signed-out page. A session that cannot be renewed is left
 * to the route, whose page says so.
 */
export async function renewSessionFor(name: EndpointName): Promise<void> {
  const refresh = refreshRouteOf(endpointOf(name).access);
  if (refresh) await refreshOnce(refresh);
}

/**
 * Every server call goes through here, named by its route in the contract (form/wire): JSON both
 * ways, same-origin cookies, non-JSON → the generic server error, non-OK → the body's message.
 * A 401 from a route behind a session first renews the session once (concurrent 401s share the
 * renewal) and repeats the call once; only a 401 after that is a lost session, which on /api and
 * /service is handled once, globally. Public routes (login with a wrong password) may answer 401
 * too; that is the card's error, not a lost session.
 */
export async function call<N extends EndpointName>(name: N, ...rest: CallRest<N>): Promise<Reply<N>> {
  const args = (rest[0] ?? {}) as { body?: unknown; signal?: AbortSignal };
  const { method, path, access } = endpointOf(name);
  const url = urlOf(name, ...rest);
  const refresh = refreshRouteOf(access);
  if (refresh === 'refreshSession') sessionCalledAt = Date.now();
  let res = await exchange(method, url, args.body, args.signal);
  if (res.status === 401 && refresh && (await refreshOnce(refresh))) res = await exchange(method, url, args.body, args.signal);

  let parsed: unknown;
  try {
    parsed = res.text === '' ? {} : JSON.parse(res.text);
  } catch {
    throw new ApiError(genericErrorMessage(), res.ok ? 0 : res.status);
  }
  if (res.ok) return parsed as Reply<N>;
  if (res.status === 401 && isApplicantSessionRoute(path)) {
    const error = new UnauthorizedError();
    reportUnauthorized(error);
    throw error;
  }
  const record = (parsed ?? {}) as { errors?: unknown; problems?: unknown };
  throw new ApiError(messageOf(parsed), res.status, fieldMap(record.errors), fieldMap(record.problems), record);
}

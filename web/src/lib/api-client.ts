import { GENERIC_ERROR_MESSAGE, SESSION_INVALID_MESSAGE } from './messages';

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
  constructor(message = SESSION_INVALID_MESSAGE) {
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

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

function messageOf(body: unknown): string {
  if (body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string') {
    return (body as { message: string }).message;
  }
  return GENERIC_ERROR_MESSAGE;
}

function fieldMap(value: unknown): FieldMessages | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const out: FieldMessages = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (Array.isArray(v)) out[k] = v.filter((m): m is string => typeof m === 'string');
  }
  return out;
}

/**
 * Every server call goes through here: JSON both ways, same-origin cookies,
 * non-JSON → the generic server error, non-OK → the body's message, 401 on /api → session lost.
 * Public routes (login with a wrong password) may answer 401 too; that is the card's error,
 * not a lost session, so only /api and /service calls trigger the global handling.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    throw new ApiError(GENERIC_ERROR_MESSAGE, 0);
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text === '' ? {} : JSON.parse(text);
  } catch {
    throw new ApiError(GENERIC_ERROR_MESSAGE, response.ok ? 0 : response.status);
  }
  if (response.ok) return parsed as T;
  if (response.status === 401 && /^\/(api|service)\//.test(path)) {
    const error = new UnauthorizedError();
    reportUnauthorized(error);
    throw error;
  }
  const record = (parsed ?? {}) as { errors?: unknown; problems?: unknown };
  throw new ApiError(messageOf(parsed), response.status, fieldMap(record.errors), fieldMap(record.problems), record);
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>(path, { signal }),
  /** No body when there is no payload: the server refuses a body where none belongs. */
  post: <T>(path: string, body?: unknown) => request<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body: unknown) => request<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => request<T>(path, { method: 'DELETE' }),
};

import { vi } from 'vitest';

/**
 * A stand-in for fetch that answers from `reply`. The reply is written synchronously (no await
 * needed to build a Response); fetch's promise still resolves, or rejects when `reply` throws,
 * as the real one does.
 */
export const fakeFetch = (reply: (url: string, init?: RequestInit) => Response) =>
  vi.fn((url: string, init?: RequestInit) => new Promise<Response>((resolve) => resolve(reply(url, init))));

/** The JSON a request sent: the API client sends its bodies as JSON text. */
export function sentJson(init: RequestInit | undefined): unknown {
  if (typeof init?.body !== 'string') throw new Error(`expected a JSON text body, got ${typeof init?.body}`);
  return JSON.parse(init.body);
}

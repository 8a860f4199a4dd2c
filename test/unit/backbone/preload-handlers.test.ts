/**
 * The local API loads every handler before its first request (see preloadHandlers): each route's
 * module must load on its own and export a handler function, or the stack reports which did not.
 */
import { preloadHandlers } from '#local/api-gateway';

describe('preloadHandlers', () => {
  it('loads every route module without a failure', { timeout: 30_000 }, async () => {
    expect(await preloadHandlers()).toEqual([]);
  });
});

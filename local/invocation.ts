/**
 * One process here serves every route at once, where AWS gives each invocation its own
 * execution environment. Lambda's own answer to concurrent invocations in one environment is
 * the runtime's invocation store (an AsyncLocalStorage, switched on by AWS_LAMBDA_MAX_CONCURRENCY);
 * Powertools' Logger keeps the request id, cold start and appended keys in it. So each handler
 * call runs in a store of its own, and concurrent requests never log under each other's ids.
 *
 * Import this module before any handler module: once the variable is set, Powertools requires
 * the store to exist, and child processes inherit the variable (the event runtime imports this
 * module first for that reason).
 */
import { InvokeStore, InvokeStoreBase } from '@aws/lambda-invoke-store';

const store = await InvokeStore.getInstanceAsync(true);
process.env.AWS_LAMBDA_MAX_CONCURRENCY ??= '1000';

export function inInvocation<T>(requestId: string, run: () => Promise<T>): Promise<T> {
  return store.run({ [InvokeStoreBase.PROTECTED_KEYS.REQUEST_ID]: requestId }, run);
}

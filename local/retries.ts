/**
 * Lambda retries a failed asynchronous invoke twice (after about 1 and then 2 minutes); the
 * local stack does the same, sooner, so a conversion interrupted locally converges as in AWS.
 */
export const LOCAL_RETRY_DELAYS_MS = [1000, 2000];

export async function withRetries(run: () => Promise<unknown>, delays: readonly number[]): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await run();
      return;
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined) throw error;
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

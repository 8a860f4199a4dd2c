/**
 * The office's erasure hands the applicant's identity to the retention function, the one
 * Lambda allowed to delete identities (lib/retention.ts): the erase route has deleted everything
 * else and left its marker; the retention function finishes the same deletion from that marker
 * (identity, then marker) while the route waits (a `RequestResponse` invoke), so the route
 * answers only once the applicant is entirely gone. The local stack registers an invoker that
 * runs the same function's handler in its process.
 */
import { config } from '#lambdas/config';
import { signedInvokeAndWait } from '../async-invoke';

/** The retention function's second event: finish the erasure the office started for `erase`. */
export interface IdentityErasureEvent {
  erase: string;
  cause: 'office';
}

export const isIdentityErasure = (event: unknown): event is IdentityErasureEvent =>
  typeof event === 'object' && event !== null && typeof (event as { erase?: unknown }).erase === 'string' && (event as { cause?: unknown }).cause === 'office';

export type LocalRetentionInvoker = (event: IdentityErasureEvent) => Promise<unknown>;
let localInvoker: LocalRetentionInvoker | undefined;

export function registerLocalRetentionFunction(invoker: LocalRetentionInvoker | undefined): void {
  localInvoker = invoker;
}

/** Resolves once the retention function has deleted the identity and the marker; throws when it could not. */
export async function eraseIdentityByRetention(sub: string): Promise<void> {
  const c = config();
  const event: IdentityErasureEvent = { erase: sub, cause: 'office' };
  if (localInvoker && (c.appEnv === 'local' || !c.retentionFunctionName)) {
    await localInvoker(event);
    return;
  }
  if (!c.retentionFunctionName) throw new Error('RETENTION_FUNCTION_NAME is not set and no local retention function is registered');
  await signedInvokeAndWait('InvokeCommand', c.retentionFunctionName, event);
}

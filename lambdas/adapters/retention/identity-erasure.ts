/**
 * The office's erasure hands the applicant's identity to the retention function, the one
 * Lambda allowed to delete identities (lib/retention.ts): the erase route has deleted everything
 * else and left its marker; the retention function finishes the same deletion from that marker
 * (identity, then marker) while the route waits (a `RequestResponse` invoke), so the route
 * answers only once the applicant is entirely gone. The local stack runs the same function's
 * handler in its process instead (its stand-in, lambdas/wiring/stand-ins.ts).
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

/** Resolves once the retention function has deleted the identity and the marker; throws when it could not. */
export async function eraseIdentityByRetention(sub: string): Promise<void> {
  const name = config().retentionFunctionName;
  if (!name) throw new Error('RETENTION_FUNCTION_NAME is not set');
  await signedInvokeAndWait('InvokeCommand', name, { erase: sub, cause: 'office' } satisfies IdentityErasureEvent);
}

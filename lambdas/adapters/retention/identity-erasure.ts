/**
 * The office's erasure and an applicant closing their account hand the identity to the retention
 * function, the one Lambda allowed to delete identities (lib/retention.ts): the route has deleted
 * everything else and left its marker; the retention function finishes the same deletion from
 * that marker (identity, then marker) while the route waits (a `RequestResponse` invoke), so the
 * route answers only once the applicant is entirely gone. (Closing an account hands it over too:
 * applicant tokens carry no scope Cognito's DeleteUser would accept.) The local stack runs the
 * same function's handler in its process instead (its stand-in, lambdas/wiring/stand-ins.ts).
 */
import { config } from '#lambdas/config';
import { signedInvokeAndWait } from '../async-invoke';

/** Who began the erasure the retention function is asked to finish: the office, or the applicant closing their account. */
export type HandedOverErasure = 'office' | 'applicant';

/** The retention function's second event: finish the erasure begun for `erase`. */
export interface IdentityErasureEvent {
  erase: string;
  cause: HandedOverErasure;
}

export const isIdentityErasure = (event: unknown): event is IdentityErasureEvent => {
  const e = event as { erase?: unknown; cause?: unknown } | null;
  return typeof e === 'object' && e !== null && typeof e.erase === 'string' && (e.cause === 'office' || e.cause === 'applicant');
};

/** Resolves once the retention function has deleted the identity and the marker; throws when it could not. */
export async function eraseIdentityByRetention(sub: string, cause: HandedOverErasure): Promise<void> {
  const name = config().retentionFunctionName;
  if (!name) throw new Error('RETENTION_FUNCTION_NAME is not set');
  await signedInvokeAndWait('InvokeCommand', name, { erase: sub, cause } satisfies IdentityErasureEvent);
}

/**
 * PUT /sis/v1/applications/{id}/decision: the console's decision (decisions/decide.ts: the same
 * lifecycle rules, history and audit record), once per `Idempotency-Key` (idempotency.ts).
 *
 * The client decides with an admin's rights over decisions: the issue asks that a system may
 * change a released decision given a reason, which the console allows an admin only; every other
 * rule (no decision while a release is unfinished, the reason required, the version-guarded
 * write) is the console's. The history and the access record name the client (`sis:<name>`).
 */
import type { DecisionRecorded, DecisionRequest } from '#form/wire/decisions';
import { recordDecision, type DecisionPorts } from '../decisions/decide';
import { onceForKey, type IdempotencyPorts } from './idempotency';

export interface SisDecisionPorts {
  decide: DecisionPorts;
  idempotency: IdempotencyPorts;
}

export interface SisDecisionRequest {
  id: string;
  /** The `Idempotency-Key` header. */
  key: string;
  decision: DecisionRequest;
}

export interface SisDecider {
  clientId: string;
  /** The actor the history and the access record show. */
  actor: string;
}

export function recordSisDecision(ports: SisDecisionPorts, request: SisDecisionRequest, client: SisDecider): Promise<DecisionRecorded> {
  const { id, key, decision } = request;
  return onceForKey(ports.idempotency, { clientId: client.clientId, key, request: { id, ...decision } }, () =>
    recordDecision(ports.decide, id, decision, { email: client.actor, role: 'admin' }, ports.idempotency.now()),
  );
}

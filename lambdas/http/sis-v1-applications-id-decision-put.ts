import { recordSisDecision } from '#domain/sis/decision-write';
import { recordDecisionInput } from '#form/wire/decisions';
import { parseIdempotencyKey } from '#form/wire/sis-writes';
import { parseApplicationId } from '#form/wire/staff';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/machine';
import { machineActor, sisDecisionPorts } from '#wiring/sis';

/** PUT /sis/v1/applications/{id}/decision {decision, note?, reason?} with Idempotency-Key: the console's decision, once per key. */
export const handler = httpHandler(
  routeRow('sisRecordDecision', { access: 'machine', scope: 'decisions.write' }),
  recordDecisionInput,
  ({ path, body, machine, event }) =>
    recordSisDecision(
      sisDecisionPorts(machine, event),
      { id: parseApplicationId(path.id), key: parseIdempotencyKey(event.headers?.['idempotency-key']), decision: body },
      { clientId: machine.clientId, actor: machineActor(machine) },
    ),
);

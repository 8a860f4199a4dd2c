/**
 * Where a submitted application sits in the timetable after its submission: a deferral moves it
 * from its round into the cycle's regular one (domain/cycles/deferral.ts). The submission's lock
 * wrote `cycle`, `round` and `late` on the answers item (answers-store.ts, markSubmitted); this
 * changes `round` alone, only while it is still the round the move is from.
 */
import { submittedItemUpdate } from './change-stamp';
import { sendCounted } from './dashboard-counters';
import { isConditionalFailure } from './keys';

export async function moveRound(id: string, from: string, to: string): Promise<boolean> {
  try {
    await sendCounted(
      submittedItemUpdate(id, {
        UpdateExpression: 'SET #ro = :to',
        ConditionExpression: 'attribute_exists(submittedAt) AND #ro = :from',
        ExpressionAttributeNames: { '#ro': 'round' },
        ExpressionAttributeValues: { ':from': from, ':to': to },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

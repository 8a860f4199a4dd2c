/**
 * An admin's hold on a submitted application (domain/data-rights/hold.ts): one attribute of its
 * answers item (HOLD_ATTRIBUTE), which the retention sweep reads and its erasure's condition
 * checks (adapters/retention/). Both writes are conditional: a hold is placed only on a submitted
 * application that has none (never creating the item of an application erased meanwhile), and
 * lifted only while it is the hold that was read.
 */
import type { HoldStore } from '#domain/ports/retention';
import { dynamoClient } from '../clients';
import { submittedItemUpdate } from './change-stamp';
import { HOLD_ATTRIBUTE, conditional } from './keys';

async function update(id: string, expression: string, condition: string, names: Record<string, string>, values: Record<string, unknown>): Promise<boolean> {
  const done = await conditional(() =>
    dynamoClient().send(
      submittedItemUpdate(id, {
        UpdateExpression: expression,
        ConditionExpression: condition,
        // DynamoDB refuses a name the expressions do not use: each call names its own.
        ExpressionAttributeNames: { '#hold': HOLD_ATTRIBUTE, ...names },
        ExpressionAttributeValues: values,
      }),
    ),
  );
  return done !== undefined;
}

export const holdStore: HoldStore = {
  placeHold: (id, hold) => update(id, 'SET #hold = :hold', 'attribute_exists(submittedAt) AND attribute_not_exists(#hold)', {}, { ':hold': hold }),
  // `at` is one of DynamoDB's reserved words: named.
  liftHold: (id, at) => update(id, 'REMOVE #hold', '#hold.#at = :at', { '#at': 'at' }, { ':at': at }),
};

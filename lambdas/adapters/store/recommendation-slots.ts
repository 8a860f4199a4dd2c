/**
 * The recommendations' slots on the applicant's answers item (pk=<sub> sk=answers; attribute
 * names in ./keys.ts, SLOT_ATTRIBUTES): a string set of the ids holding a slot per role and the
 * count of invitations sent. A claim is one conditional UpdateItem, so parallel invitations
 * cannot take more slots than the role has, and it holds only while the waiver is the answer the
 * invitation carries; the save's own condition refuses to change the waiver while either set
 * exists (answers-store.ts). Every write needs the item to exist, so none recreates an erased one.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { WAIVER_ANSWER_KEY } from '#domain/ports/keys';
import type { RecommendationSlots, SlotClaim, SlotIds } from '#domain/ports/recommendations';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { ANSWER_PREFIX, SK, SLOT_ATTRIBUTES, conditional } from './keys';

const ROLES = ['counselor', 'teacher'] as const;

export async function claimSlot(sub: string, claim: SlotClaim): Promise<boolean> {
  const written = await conditional(() =>
    dynamoClient().send(
      new UpdateCommand({
        TableName: config().answersTable,
        Key: { pk: sub, sk: SK.answers },
        UpdateExpression: 'ADD #held :id, #sent :one',
        ConditionExpression:
          '#waiver = :waiver AND (attribute_not_exists(#held) OR size(#held) < :max OR contains(#held, :idValue)) AND (attribute_not_exists(#sent) OR #sent < :cap)',
        ExpressionAttributeNames: { '#held': SLOT_ATTRIBUTES[claim.role], '#sent': SLOT_ATTRIBUTES.invitations, '#waiver': ANSWER_PREFIX + WAIVER_ANSWER_KEY },
        ExpressionAttributeValues: {
          ':id': new Set([claim.id]),
          ':idValue': claim.id,
          ':one': 1,
          ':waiver': claim.waiver,
          ':max': claim.maxInRole,
          ':cap': claim.maxInvitations,
        },
      }),
    ),
  );
  return written !== undefined;
}

/** ADD or DELETE the given ids in each role's set, on an item that exists. */
async function changeSlots(sub: string, action: 'ADD' | 'DELETE', ids: SlotIds): Promise<void> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const parts: string[] = [];
  for (const role of ROLES) {
    const some = ids[role] ?? [];
    if (some.length === 0) continue;
    names[`#${role}`] = SLOT_ATTRIBUTES[role];
    values[`:${role}`] = new Set(some);
    parts.push(`#${role} :${role}`);
  }
  if (parts.length === 0) return;
  await conditional(() =>
    dynamoClient().send(
      new UpdateCommand({
        TableName: config().answersTable,
        Key: { pk: sub, sk: SK.answers },
        UpdateExpression: `${action} ${parts.join(', ')}`,
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    ),
  );
}

export const recommendationSlots: RecommendationSlots = {
  claimSlot,
  holdSlots: (sub, ids) => changeSlots(sub, 'ADD', ids),
  releaseSlots: (sub, ids) => changeSlots(sub, 'DELETE', ids),
};

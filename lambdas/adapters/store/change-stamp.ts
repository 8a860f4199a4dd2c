/**
 * The change index's stamp (domain/ports/submissions.ts, CHANGES_INDEX): every update of a
 * submitted application's answers item that changes what the student information system's record
 * shows (the submission's index entry, its office status, the decision's copies, the reply, the
 * materials, a hold, its round) is built here, so the same write sets `changed_at` to `<now>#<id>` and the list
 * route sees the change; a writer cannot leave it out (change-stamp.test.ts reads every adapter for
 * an update of the answers item made elsewhere).
 */
import { UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { CHANGES_INDEX_KEYS } from '#domain/ports/submissions';
import { config } from '#lambdas/config';
import { SK } from './keys';

/** The change index's sort key: unique per application and in time order. */
export const changeKey = (id: string, at: Date): string => `${at.toISOString()}#${id}`;

export type ItemUpdate = Pick<UpdateCommandInput, 'UpdateExpression' | 'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'>;

export interface StampOptions {
  now?: Date;
  /** Keep a stamp already there (the submission's index entry, repeated by every submit call). */
  keep?: boolean;
}

const STAMP_NAME = '#changed_at';
const STAMP_VALUE = ':changed_at';

/** The update with the stamp joined to its SET clause (or a SET clause of its own). */
export function stamped(id: string, update: ItemUpdate, { now = new Date(), keep = false }: StampOptions = {}): ItemUpdate {
  const stamp = `${STAMP_NAME} = ${keep ? `if_not_exists(${STAMP_NAME}, ${STAMP_VALUE})` : STAMP_VALUE}`;
  const expression = update.UpdateExpression ?? '';
  const set = /\bSET\s+/i;
  return {
    ...update,
    UpdateExpression: set.test(expression) ? expression.replace(set, `SET ${stamp}, `) : `SET ${stamp} ${expression}`.trim(),
    ExpressionAttributeNames: { ...update.ExpressionAttributeNames, [STAMP_NAME]: CHANGES_INDEX_KEYS.sort },
    ExpressionAttributeValues: { ...update.ExpressionAttributeValues, [STAMP_VALUE]: changeKey(id, now) },
  };
}

/** An update of application `id`'s answers item that stamps the change. */
export function submittedItemUpdate(id: string, update: ItemUpdate, options?: StampOptions): UpdateCommand {
  return new UpdateCommand({ TableName: config().answersTable, Key: { pk: id, sk: SK.answers }, ...stamped(id, update, options) });
}

/**
 * `npm run dashboard -- sort-keys` (scripts/dashboard.ts): the staff list's name and score keys
 * (ports/submissions.ts, NAME_INDEX and SCORE_INDEX) for applications submitted before they were
 * written at submission and with each review. One pass over the submissions index; an item with
 * both keys is skipped; the score key follows the review save's rule (domain/staff/sort-keys.ts),
 * read from the application's reviews and its round. Each write sets only a key still missing, so
 * a submission or a review saved meanwhile keeps what it wrote.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { NAME_INDEX_KEYS, SCORE_INDEX_KEYS, SUBMISSIONS_INDEX, SUBMISSIONS_INDEX_KEYS } from '#domain/ports/submissions';
import { isBlindRound } from '#domain/reading/blind';
import { nameSortKey, scoreSortKey } from '#domain/staff/sort-keys';
import { timetable } from '#form/institution-cycles';
import { reading } from '#form/institution-reading';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { SK, isConditionalFailure } from './keys';
import { allItems } from './pages';
import { readReviews } from './reviews-store';
import { fromItem, PARTITION_VALUE } from './submissions-index';

export interface SortKeysResult {
  /** Submitted applications read. */
  read: number;
  /** Those given a missing key. */
  written: number;
}

export async function backfillSortKeys(): Promise<SortKeysResult> {
  const result: SortKeysResult = { read: 0, written: 0 };
  const items = allItems((from) =>
    dynamoClient().send(
      new QueryCommand({
        TableName: config().answersTable,
        IndexName: SUBMISSIONS_INDEX,
        KeyConditionExpression: '#p = :p',
        ExpressionAttributeNames: { '#p': SUBMISSIONS_INDEX_KEYS.partition },
        ExpressionAttributeValues: { ':p': PARTITION_VALUE },
        ...from,
      }),
    ),
  );
  for await (const item of items) {
    result.read += 1;
    const app = fromItem(item);
    if (!app || (typeof item[NAME_INDEX_KEYS.sort] === 'string' && typeof item[SCORE_INDEX_KEYS.sort] === 'string')) continue;
    const blind = isBlindRound(timetable, app.placement);
    const score = scoreSortKey(await readReviews(app.id), app.id, { blind, readsRequired: reading.readsRequired });
    try {
      await dynamoClient().send(
        new UpdateCommand({
          TableName: config().answersTable,
          Key: { pk: app.id, sk: SK.answers },
          UpdateExpression: 'SET #n = if_not_exists(#n, :n), #s = if_not_exists(#s, :s)',
          ConditionExpression: 'attribute_exists(submittedAt)',
          ExpressionAttributeNames: { '#n': NAME_INDEX_KEYS.sort, '#s': SCORE_INDEX_KEYS.sort },
          ExpressionAttributeValues: { ':n': nameSortKey(app.answers, app.id), ':s': score },
        }),
      );
      result.written += 1;
    } catch (error) {
      // Erased meanwhile: nothing to key.
      if (!isConditionalFailure(error)) throw error;
    }
  }
  return result;
}

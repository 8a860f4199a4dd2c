/**
 * Submitted applications written straight into the stack's answers table, as a submission and
 * the submissions index leave them (the answers, the address, the index's keys and the search
 * text), 25 to a BatchWriteItem: what thousands of sign-ups and submissions over HTTP would take
 * minutes to make. bench/office.ts seeds its volume the same way.
 */
import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, type BatchWriteCommandOutput } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '#adapters/clients';
import { ANSWER_PREFIX } from '#adapters/store/keys';
import { searchText, SUBMISSIONS_INDEX_KEYS } from '#adapters/store/submissions-index';
import { config } from '#lambdas/config';

export type SeededItem = Record<string, unknown> & { pk: string; applicant_email: string };

/** One submitted application's answers item; `extra` adds attributes (a reference, a placement). */
export function submittedItem(answers: Record<string, string>, email: string, submittedAt: string, extra: Record<string, unknown> = {}): SeededItem {
  const id = randomUUID();
  return {
    pk: id,
    sk: 'answers',
    submittedAt,
    ...extra,
    applicant_email: email,
    [SUBMISSIONS_INDEX_KEYS.partition]: 'submitted',
    [SUBMISSIONS_INDEX_KEYS.sort]: `${submittedAt}#${id}`,
    search_text: searchText(answers, email, ''),
    ...Object.fromEntries(Object.entries(answers).map(([k, v]) => [ANSWER_PREFIX + k, v])),
  };
}

/** Writes the items to the answers table, sending again what DynamoDB leaves unprocessed. */
export async function writeSeeded(items: readonly SeededItem[]): Promise<void> {
  for (let i = 0; i < items.length; i += 25) {
    let batch: Record<string, unknown[]> | undefined = { [config().answersTable]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) };
    while (batch && Object.keys(batch).length) {
      const out: BatchWriteCommandOutput = await dynamoClient().send(new BatchWriteCommand({ RequestItems: batch as never }));
      batch = out.UnprocessedItems;
    }
  }
}

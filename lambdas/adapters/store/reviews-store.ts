/**
 * Reviews (domain/ports/decisions.ts): one item per reviewer beside the submission (pk=<sub>,
 * sk=review#<staff e-mail>), replaced when its reviewer revises it, and the queue's marker on the
 * submission's answers item (`reviewed_by`, a string set of e-mails) written after the review, so
 * the reader's queue skips what a reader reviewed within its one index query. A crash between the
 * two leaves the application in that reader's queue, where they find their own review to revise.
 */
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Review, ReviewStore } from '#domain/ports/decisions';
import { SCORE_INDEX_KEYS } from '#domain/ports/submissions';
import { isDecision } from '#form/wire/decision-words';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { log } from '../log';
import { countReview } from './dashboard-cells';
import { countApplication } from './dashboard-counters';
import { SK, isConditionalFailure } from './keys';
import { readAllItems } from './pages';

const REVIEW_PREFIX = 'review#';
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function fromItem(item: Record<string, unknown>): Review | undefined {
  if (typeof item.reviewer !== 'string' || !isDecision(item.recommendation) || !item.scores || typeof item.scores !== 'object') return undefined;
  const scores: Record<string, number> = {};
  for (const [key, value] of Object.entries(item.scores as Record<string, unknown>)) if (typeof value === 'number') scores[key] = value;
  return {
    reviewer: item.reviewer,
    scores,
    recommendation: item.recommendation,
    notes: text(item.notes),
    created_at: text(item.created_at),
    updated_at: text(item.updated_at),
  };
}

export async function readReviews(id: string): Promise<Review[]> {
  const reviews = await readAllItems(
    (from) =>
      dynamoClient().send(
        new QueryCommand({
          TableName: config().answersTable,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :r)',
          ExpressionAttributeValues: { ':pk': id, ':r': REVIEW_PREFIX },
          ConsistentRead: true,
          ...from,
        }),
      ),
    fromItem,
  );
  return reviews.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.reviewer.localeCompare(b.reviewer));
}

export async function saveReview(id: string, review: Review, scoreSort: string): Promise<void> {
  const put = await dynamoClient().send(
    new PutCommand({ TableName: config().answersTable, Item: { pk: id, sk: `${REVIEW_PREFIX}${review.reviewer}`, ...review }, ReturnValues: 'ALL_OLD' }),
  );
  // A new review counts in its reader's week on the dashboard; a revision replaces one already counted.
  if (!put.Attributes) await countReview(review.reviewer, new Date(review.updated_at || Date.now()));
  try {
    const out = await dynamoClient().send(
      new UpdateCommand({
        TableName: config().answersTable,
        Key: { pk: id, sk: SK.answers },
        // The list's score order (domain/staff/sort-keys.ts) in the same write: no extra request.
        UpdateExpression: 'SET #score = :score ADD reviewed_by :me',
        ConditionExpression: 'attribute_exists(submittedAt)',
        ExpressionAttributeNames: { '#score': SCORE_INDEX_KEYS.sort },
        ExpressionAttributeValues: { ':me': new Set([review.reviewer]), ':score': scoreSort },
        ReturnValues: 'ALL_NEW',
      }),
    );
    // The first review makes the application reviewed on the dashboard.
    await countApplication(id, out.Attributes).catch((error: unknown) =>
      log.error('dashboard counters: a review was not counted', { id, error: error instanceof Error ? error.message : String(error) }),
    );
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
}

export const reviewStore: ReviewStore = { readReviews, saveReview };

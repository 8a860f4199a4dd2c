/**
 * Which e-mails an applicant has been sent, so each is sent once: status table, pk=<sub>
 * sk=mail#<kind>. A sender first claims the mail (a lease, so a sender that died is taken over),
 * then marks it sent; a failed send gives the claim back for the retry.
 */
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { isConditionalFailure } from './keys';

export const mailSk = (kind: string): string => `mail#${kind}`;

/** True when this caller may send: never sent, and nobody else holds a live claim. */
export async function claimMail(sub: string, kind: string, claimId: string, now: Date, leaseMs: number): Promise<boolean> {
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: config().statusTable,
        Key: { pk: sub, sk: mailSk(kind) },
        UpdateExpression: 'SET claimId = :id, claimedUntil = :until',
        ConditionExpression: 'attribute_not_exists(sentAt) AND (attribute_not_exists(claimedUntil) OR claimedUntil < :now)',
        ExpressionAttributeValues: { ':id': claimId, ':until': now.getTime() + leaseMs, ':now': now.getTime() },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

export async function markMailSent(sub: string, kind: string, claimId: string, at: Date, messageId: string): Promise<void> {
  await dynamoClient().send(
    new UpdateCommand({
      TableName: config().statusTable,
      Key: { pk: sub, sk: mailSk(kind) },
      UpdateExpression: 'SET sentAt = :at, messageId = :m REMOVE claimedUntil',
      ConditionExpression: 'claimId = :id',
      ExpressionAttributeValues: { ':at': at.toISOString(), ':m': messageId, ':id': claimId },
    }),
  );
}

/** The send failed: the next attempt may claim at once. */
export async function releaseMail(sub: string, kind: string, claimId: string): Promise<void> {
  try {
    await dynamoClient().send(
      new DeleteCommand({
        TableName: config().statusTable,
        Key: { pk: sub, sk: mailSk(kind) },
        ConditionExpression: 'claimId = :id AND attribute_not_exists(sentAt)',
        ExpressionAttributeValues: { ':id': claimId },
      }),
    );
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
}

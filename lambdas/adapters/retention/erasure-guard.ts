/**
 * The retention sweep's erasure is conditional on the state it was decided from
 * (domain/retention/sweep.ts): before anything is deleted, one conditional write on the answers
 * item (still unsubmitted, or still the submission read; no hold) and, for an account never
 * submitted, one on the status item (its latest sign-in, `last_login`, still the one read, or
 * none). The writes set only `retention_checked_at`; a refused condition writes nothing and the
 * account is left whole. DynamoDB has no transaction in the local stand-in (dynalite), so the two
 * are one after the other: an applicant changed between them (milliseconds, against a read the
 * sweep made minutes or hours before) is the same as one changed just after the erasure began.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DecidedState } from '#domain/ports/retention';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { HOLD_ATTRIBUTE, SK, conditional } from '../store/keys';

function checked(table: string, sub: string, sk: string, condition: string, values: Record<string, unknown>, now: Date): Promise<true | undefined> {
  return conditional(async () => {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: table,
        Key: { pk: sub, sk },
        UpdateExpression: 'SET retention_checked_at = :now',
        ConditionExpression: condition,
        // DynamoDB refuses a name the expressions do not use.
        ...(condition.includes('#hold') ? { ExpressionAttributeNames: { '#hold': HOLD_ATTRIBUTE } } : {}),
        ExpressionAttributeValues: { ...values, ':now': now.toISOString() },
      }),
    );
    return true as const;
  });
}

/** True when the account is still as `decided` said and not held (each checked in a conditional write); false, with nothing changed, otherwise. */
export async function stillAsDecided(sub: string, decided: DecidedState, now: Date = new Date()): Promise<boolean> {
  const c = config();
  const answers = decided.submitted
    ? await checked(c.answersTable, sub, SK.answers, 'attribute_not_exists(#hold) AND submittedAt = :s', { ':s': decided.submittedAt }, now)
    : await checked(c.answersTable, sub, SK.answers, 'attribute_not_exists(#hold) AND attribute_not_exists(submittedAt)', {}, now);
  if (!answers || decided.submitted) return answers === true;
  // recordLogin (store/status-store.ts) writes last_login with each sign-in: a later one than the sweep read refuses the erasure.
  const signIn = decided.lastSignInAt
    ? await checked(c.statusTable, sub, SK.status, 'attribute_not_exists(last_login) OR last_login <= :last', { ':last': decided.lastSignInAt }, now)
    : await checked(c.statusTable, sub, SK.status, 'attribute_not_exists(last_login)', {}, now);
  return signIn === true;
}

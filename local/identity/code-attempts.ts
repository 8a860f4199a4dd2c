/**
 * Limits on guessing confirmation and reset codes, kept apart from the user records so that an
 * address with no account is limited exactly as one with an account: the same count, the same
 * answers, the same reads and writes, whatever the address. Two limits:
 * - per address and kind of code: five guesses, then "attempt limit exceeded" until a new code of
 *   that kind is asked for (sign-up and resend for confirmation codes, forgot-password for reset
 *   codes), which a real owner can always do;
 * - per source address: a few dozen wrong codes in a quarter of an hour, over all addresses. A
 *   third party burning someone's codes so that they cannot confirm or reset stops here, and a
 *   limited source no longer counts against anyone's address.
 * Every count is one atomic update, so guesses sent at once cannot slip past a limit.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '#adapters/clients';
import { IdentityError } from '#domain/ports/identity';

export type CodeKind = 'confirm' | 'reset';

/** Guesses per code, as Cognito limits attempts per user. */
export const MAX_CODE_ATTEMPTS = 5;
/** Wrong codes one source may send, over all addresses, per window. */
export const MAX_WRONG_CODES_PER_SOURCE = 30;
export const SOURCE_WINDOW_SECONDS = 15 * 60;

/** The caller's network address, for the per-source limit (set by the local API front for each request). */
const requestSource = new AsyncLocalStorage<string>();

export function withRequestSource<T>(source: string, run: () => Promise<T>): Promise<T> {
  return requestSource.run(source, run);
}

const limitExceeded = () => new IdentityError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');

export class CodeAttempts {
  constructor(private readonly table: string) {}

  private addressKey(kind: CodeKind, username: string) {
    return { pk: `code-attempts#${kind}#${username.trim().toLowerCase()}`, sk: 'attempts' };
  }

  private sourceKey(now: number) {
    const window = Math.floor(now / 1000 / SOURCE_WINDOW_SECONDS);
    return { pk: `code-source#${requestSource.getStore() ?? 'unknown'}#${window}`, sk: 'wrong' };
  }

  /**
   * Counts one guess at a code of this kind for this address, before the code is compared;
   * throws LimitExceeded when the source or the address has used up its guesses.
   */
  async countGuess(kind: CodeKind, username: string, now = Date.now()): Promise<void> {
    const source = await dynamoClient().send(new GetCommand({ TableName: this.table, Key: this.sourceKey(now), ConsistentRead: true }));
    if (Number(source.Item?.count ?? 0) >= MAX_WRONG_CODES_PER_SOURCE) throw limitExceeded();
    const out = await dynamoClient().send(
      new UpdateCommand({
        TableName: this.table,
        Key: this.addressKey(kind, username),
        UpdateExpression: 'ADD #n :one',
        ExpressionAttributeNames: { '#n': 'count' },
        ExpressionAttributeValues: { ':one': 1 },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    if (Number(out.Attributes?.count ?? 1) > MAX_CODE_ATTEMPTS) {
      await this.countWrongFromSource(now);
      throw limitExceeded();
    }
  }

  /** A guess that was wrong (or refused): it counts against the source that sent it. */
  async countWrongFromSource(now = Date.now()): Promise<void> {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: this.table,
        Key: this.sourceKey(now),
        UpdateExpression: 'ADD #n :one',
        ExpressionAttributeNames: { '#n': 'count' },
        ExpressionAttributeValues: { ':one': 1 },
      }),
    );
  }

  /** The address's user is deleted: nothing of the address stays (as Cognito keeps nothing of a deleted user). */
  async forget(username: string): Promise<void> {
    for (const kind of ['confirm', 'reset'] as const)
      await dynamoClient().send(new DeleteCommand({ TableName: this.table, Key: this.addressKey(kind, username) }));
  }

  /** A new code of this kind was asked for (or the right one given): its guesses start from none. */
  async reset(kind: CodeKind, username: string): Promise<void> {
    await dynamoClient().send(new PutCommand({ TableName: this.table, Item: { ...this.addressKey(kind, username), count: 0 } }));
  }
}

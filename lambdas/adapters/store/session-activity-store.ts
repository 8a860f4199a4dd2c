/**
 * The last-activity marks of sign-in sessions (domain/session-activity.ts), in the status table:
 *   pk=<owner> sk=activity#<session id>  seenAt (epoch ms), expiresAt (TTL)
 * One consistent read when a container needs the mark, one conditional update when it moves.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { SessionActivity, type SessionActivityStore, type SessionRef } from '#domain/session-activity';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { SK, conditional } from './keys';

const key = (session: SessionRef) => ({ pk: session.owner, sk: SK.activity(session.id) });

export const sessionActivityStore: SessionActivityStore = {
  async readMark(session) {
    const out = await dynamoClient().send(new GetCommand({ TableName: config().statusTable, Key: key(session), ConsistentRead: true }));
    const seenAt: unknown = out.Item?.seenAt;
    return typeof seenAt === 'number' ? seenAt : undefined;
  },

  async moveMark(session, at, notBefore, expiresAt) {
    const moved = await conditional(() =>
      dynamoClient().send(
        new UpdateCommand({
          TableName: config().statusTable,
          Key: key(session),
          UpdateExpression: 'SET seenAt = :at, expiresAt = :exp',
          // Never revives a session whose mark already went stale.
          ConditionExpression: 'attribute_not_exists(seenAt) OR seenAt >= :notBefore',
          ExpressionAttributeValues: { ':at': at, ':exp': expiresAt, ':notBefore': notBefore },
        }),
      ),
    );
    return moved !== undefined;
  },
};

/** This container's one view of session activity, shared by the applicant and staff checks. */
export const sessionActivity = new SessionActivity(sessionActivityStore);

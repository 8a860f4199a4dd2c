/**
 * Possible duplicates (domain/duplicates/) in the status table, out of every applicant's
 * partition: `dupkey#<cycle>#<rule>#<sha256 of the value>` / `app#<id>` files an application
 * under a value (hashed: a birth date and a name never appear in a key or a log line);
 * `duplicates#<id>` / `keys` lists what it is filed under (for its erasure); `duplicates#<id>` /
 * `with#<other>` is a flag, put on both sides. Each use is a function of its own, so a route's
 * bundle holds only the calls it makes (its grants are those: test/infra/grants.test.ts). The
 * answers item's mark of an open flag is duplicate-mark.ts's.
 */
import { createHash } from 'node:crypto';
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { HOLDERS_READ, type DuplicatePair, type MatchKey } from '#domain/ports/duplicates';
import { DUPLICATE_RULES, type DuplicateRule, type DuplicateState, type DuplicateVerdict } from '#form/wire/duplicates';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { conditional, duplicateKeyPk, duplicatesPk } from './keys';

const KEYS_SK = 'keys';
const WITH = 'with#';

const hashed = (value: string): string => createHash('sha256').update(value).digest('hex');
const keyPk = (cycle: string, rule: DuplicateRule, value: string): string => duplicateKeyPk(cycle, rule, hashed(value));

const STATES: readonly DuplicateState[] = ['open', 'same', 'not'];

function pairOf(item: Record<string, unknown>): DuplicatePair | undefined {
  const { other, rules, state, flaggedAt, by, at } = item;
  if (typeof other !== 'string' || !Array.isArray(rules) || typeof flaggedAt !== 'string') return undefined;
  if (!STATES.includes(state as DuplicateState)) return undefined;
  return {
    other,
    rules: DUPLICATE_RULES.filter((r) => rules.includes(r)),
    state: state as DuplicateState,
    flaggedAt,
    ...(typeof by === 'string' ? { by } : {}),
    ...(typeof at === 'string' ? { at } : {}),
  };
}

async function putPair(id: string, other: string, rules: readonly DuplicateRule[], flaggedAt: string): Promise<boolean> {
  const done = await conditional(() =>
    dynamoClient().send(
      new PutCommand({
        TableName: config().statusTable,
        Item: { pk: duplicatesPk(id), sk: `${WITH}${other}`, other, rules: [...rules], state: 'open', flaggedAt },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
  return done !== undefined;
}

async function judgeSide(id: string, other: string, state: DuplicateState, by: string, at: string): Promise<boolean> {
  const done = await conditional(() =>
    dynamoClient().send(
      new UpdateCommand({
        TableName: config().statusTable,
        Key: { pk: duplicatesPk(id), sk: `${WITH}${other}` },
        // `state` and `at` are DynamoDB reserved words: named.
        UpdateExpression: 'SET #state = :state, #by = :by, #at = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#state': 'state', '#by': 'by', '#at': 'at' },
        ExpressionAttributeValues: { ':state': state, ':by': by, ':at': at },
      }),
    ),
  );
  return done !== undefined;
}

/** DuplicateStore.register: the application filed under each value in its cycle, and the list of them for its erasure. */
export async function fileUnderKeys(cycle: string, { id, submittedAt }: { id: string; submittedAt: string }, keys: readonly MatchKey[]): Promise<void> {
  const filed = keys.map((k) => keyPk(cycle, k.rule, k.register));
  // In submission order: a crowd under one value is read newest first, and only so far (HOLDERS_READ).
  const sk = `${submittedAt}#${id}`;
  await Promise.all([
    ...filed.map((pk) => dynamoClient().send(new PutCommand({ TableName: config().statusTable, Item: { pk, sk, id } }))),
    dynamoClient().send(new PutCommand({ TableName: config().statusTable, Item: { pk: duplicatesPk(id), sk: KEYS_SK, keys: filed, filedAs: sk } })),
  ]);
}

/** DuplicateStore.holders. */
export async function filedUnder(cycle: string, rule: DuplicateRule, value: string): Promise<string[]> {
  const out = await dynamoClient().send(
    new QueryCommand({
      TableName: config().statusTable,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keyPk(cycle, rule, value) },
      ProjectionExpression: 'id',
      ScanIndexForward: false,
      // One more than read: the application itself may be among them.
      Limit: HOLDERS_READ + 1,
    }),
  );
  return (out.Items ?? []).flatMap((i) => (typeof i.id === 'string' ? [i.id] : []));
}

/** DuplicateStore.pairsOf. */
export async function flagsOf(id: string): Promise<DuplicatePair[]> {
  const out = await dynamoClient().send(
    new QueryCommand({
      TableName: config().statusTable,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :with)',
      ExpressionAttributeValues: { ':pk': duplicatesPk(id), ':with': WITH },
    }),
  );
  return (out.Items ?? []).flatMap((i) => pairOf(i) ?? []);
}

/** DuplicateStore.flag: this side decides; a flag already there (either verdict) stays as it is. */
export async function flagBothSides(id: string, other: string, rules: readonly DuplicateRule[], at: Date): Promise<boolean> {
  const flaggedAt = at.toISOString();
  if (!(await putPair(id, other, rules, flaggedAt))) return false;
  await putPair(other, id, rules, flaggedAt);
  return true;
}

/** DuplicateStore.judge. */
export async function judgeBothSides(id: string, other: string, verdict: DuplicateVerdict, by: string, at: Date): Promise<boolean> {
  if (!(await judgeSide(id, other, verdict, by, at.toISOString()))) return false;
  await judgeSide(other, id, verdict, by, at.toISOString());
  return true;
}

/** What an application's erasure removes beside its own partitions: its flags (both sides) and what it is filed under. */
export async function duplicateItemsOf(id: string): Promise<Array<{ pk: string; sk: string }>> {
  const out = await dynamoClient().send(
    new QueryCommand({ TableName: config().statusTable, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': duplicatesPk(id) } }),
  );
  const keys: Array<{ pk: string; sk: string }> = [];
  for (const item of out.Items ?? []) {
    keys.push({ pk: String(item.pk), sk: String(item.sk) });
    if (item.sk === KEYS_SK && Array.isArray(item.keys) && typeof item.filedAs === 'string')
      for (const pk of item.keys) if (typeof pk === 'string') keys.push({ pk, sk: item.filedAs });
    const pair = pairOf(item);
    if (pair) keys.push({ pk: duplicatesPk(pair.other), sk: `${WITH}${id}` });
  }
  return keys;
}

/**
 * The reading's storage (domain/ports/reading.ts): the assignment, the checkout and the
 * committee's mark as attributes of the submission's answers item (READING_ATTRIBUTES,
 * CHECKOUT_ATTRIBUTES: every write conditional on a submitted application, so none creates the
 * item of one erased meanwhile), and the pointers each queue is read from in the status table
 * (pk=reading#<shelf> sk=<submittedAt>#<id>): a reader's queue is one Query of their partition.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Checkout, Pointer, ReadingRecord, ReadingStore, Shelf } from '#domain/ports/reading';
import { isOfficeStatus } from '#form/wire/office-status';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { ANSWER_PREFIX, CHECKOUT_ATTRIBUTES, READING_ATTRIBUTES, SK, conditional, readingPk } from './keys';
import { allItems } from './pages';

const shelfPk = (shelf: Shelf): string => {
  switch (shelf.kind) {
    case 'assigned':
      return readingPk(`reader#${shelf.reader}`);
    case 'checkout':
      return readingPk(`checkout#${shelf.reader}`);
    default:
      return readingPk(shelf.kind);
  }
};
const TURN_PK = readingPk('turn');
const pointerSk = (p: Pick<Pointer, 'id' | 'submittedAt'>): string => `${p.submittedAt}#${p.id}`;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const strings = (value: unknown): string[] => (value instanceof Set ? [...value].filter((v): v is string => typeof v === 'string').sort() : []);

/** What the reading reads of the answers item: no answer beyond the name. */
const PROJECTION = {
  ProjectionExpression: 'pk, #ref, submittedAt, office_status, #cy, #rd, reviewed_by, #rr, #rc, #cb, #cu, #fn, #ln',
  ExpressionAttributeNames: {
    '#ref': 'reference',
    '#cy': 'cycle',
    '#rd': 'round',
    '#rr': READING_ATTRIBUTES.readers,
    '#rc': READING_ATTRIBUTES.committee,
    '#cb': CHECKOUT_ATTRIBUTES.by,
    '#cu': CHECKOUT_ATTRIBUTES.until,
    '#fn': `${ANSWER_PREFIX}first_name`,
    '#ln': `${ANSWER_PREFIX}last_name`,
  },
};

function recordOf(item: Record<string, unknown>): ReadingRecord | undefined {
  if (typeof item.pk !== 'string' || typeof item.submittedAt !== 'string') return undefined;
  const by = item[CHECKOUT_ATTRIBUTES.by];
  const until = item[CHECKOUT_ATTRIBUTES.until];
  return {
    id: item.pk,
    reference: text(item.reference),
    name: [text(item[`${ANSWER_PREFIX}first_name`]), text(item[`${ANSWER_PREFIX}last_name`])].filter(Boolean).join(' '),
    submittedAt: item.submittedAt,
    ...(typeof item.cycle === 'string' && typeof item.round === 'string' ? { placement: { cycle: item.cycle, round: item.round } } : {}),
    officeStatus: isOfficeStatus(item.office_status) ? item.office_status : 'submitted',
    readers: strings(item[READING_ATTRIBUTES.readers]),
    reviewedBy: strings(item.reviewed_by),
    ...(typeof by === 'string' && typeof until === 'string' ? { checkout: { by, until } } : {}),
    committee: item[READING_ATTRIBUTES.committee] === true,
  };
}

async function readReading(id: string): Promise<ReadingRecord | undefined> {
  const out = await dynamoClient().send(
    new GetCommand({ TableName: config().answersTable, Key: { pk: id, sk: SK.answers }, ConsistentRead: true, ...PROJECTION }),
  );
  return out.Item ? recordOf(out.Item) : undefined;
}

function pointerOf(item: Record<string, unknown>): Pointer | undefined {
  if (typeof item.id !== 'string' || typeof item.submittedAt !== 'string') return undefined;
  return {
    id: item.id,
    reference: text(item.reference),
    name: text(item.name),
    submittedAt: item.submittedAt,
    ...(typeof item.until === 'string' ? { until: item.until } : {}),
  };
}

export const readingStore: ReadingStore = {
  readReading,

  // A page of a shelf (at most a queue's page): one read each, at once.
  async readReadings(ids) {
    const found = await Promise.all(ids.map(readReading));
    return found.filter((r): r is ReadingRecord => !!r);
  },

  async writeReaders(id, readers, replace) {
    const names = { '#r': READING_ATTRIBUTES.readers };
    const update =
      readers.length > 0
        ? { UpdateExpression: 'SET #r = :r', ExpressionAttributeValues: { ':r': new Set(readers) } }
        : // An empty set cannot be stored: no reader is the attribute's absence, kept as an empty list the first time so a retry finds it written.
          { UpdateExpression: replace ? 'REMOVE #r' : 'SET #r = :none', ...(replace ? {} : { ExpressionAttributeValues: { ':none': [] } }) };
    const done = await conditional(() =>
      dynamoClient().send(
        new UpdateCommand({
          TableName: config().answersTable,
          Key: { pk: id, sk: SK.answers },
          ConditionExpression: replace ? 'attribute_exists(submittedAt)' : 'attribute_exists(submittedAt) AND attribute_not_exists(#r)',
          ExpressionAttributeNames: names,
          ...update,
        }),
      ),
    );
    return done !== undefined;
  },

  async nextTurn(rule, step) {
    const out = await dynamoClient().send(
      new UpdateCommand({
        TableName: config().statusTable,
        Key: { pk: TURN_PK, sk: `rule#${rule}` },
        UpdateExpression: 'ADD turns :step',
        ExpressionAttributeValues: { ':step': step },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const after = typeof out.Attributes?.turns === 'number' ? out.Attributes.turns : step;
    return after - step;
  },

  async takeCheckout(id, reader, until, now): Promise<Checkout | undefined> {
    const done = await conditional(() =>
      dynamoClient().send(
        new UpdateCommand({
          TableName: config().answersTable,
          Key: { pk: id, sk: SK.answers },
          UpdateExpression: 'SET #b = :me, #u = :until',
          // Free, the reader's own, or run out: two readers can never both hold it.
          ConditionExpression: 'attribute_exists(submittedAt) AND (attribute_not_exists(#b) OR #b = :me OR #u <= :now)',
          ExpressionAttributeNames: { '#b': CHECKOUT_ATTRIBUTES.by, '#u': CHECKOUT_ATTRIBUTES.until },
          ExpressionAttributeValues: { ':me': reader, ':until': until, ':now': now },
        }),
      ),
    );
    if (done) return undefined;
    const holder = (await readReading(id))?.checkout;
    // Refused and nobody holds it: the application is gone; say so as someone holding it until now.
    return holder ?? { by: 'someone else', until: now };
  },

  async releaseCheckout(id, reader) {
    await conditional(() =>
      dynamoClient().send(
        new UpdateCommand({
          TableName: config().answersTable,
          Key: { pk: id, sk: SK.answers },
          UpdateExpression: 'REMOVE #b, #u',
          ConditionExpression: 'attribute_exists(submittedAt) AND #b = :me',
          ExpressionAttributeNames: { '#b': CHECKOUT_ATTRIBUTES.by, '#u': CHECKOUT_ATTRIBUTES.until },
          ExpressionAttributeValues: { ':me': reader },
        }),
      ),
    );
  },

  async markCommittee(id) {
    await conditional(() =>
      dynamoClient().send(
        new UpdateCommand({
          TableName: config().answersTable,
          Key: { pk: id, sk: SK.answers },
          UpdateExpression: 'SET #c = :yes',
          ConditionExpression: 'attribute_exists(submittedAt)',
          ExpressionAttributeNames: { '#c': READING_ATTRIBUTES.committee },
          ExpressionAttributeValues: { ':yes': true },
        }),
      ),
    );
  },

  async putPointer(shelf, pointer) {
    await dynamoClient().send(new PutCommand({ TableName: config().statusTable, Item: { pk: shelfPk(shelf), sk: pointerSk(pointer), ...pointer } }));
  },

  async deletePointer(shelf, pointer) {
    await dynamoClient().send(new DeleteCommand({ TableName: config().statusTable, Key: { pk: shelfPk(shelf), sk: pointerSk(pointer) } }));
  },

  async readShelf(shelf, limit) {
    const pointers: Pointer[] = [];
    const items = allItems((from) =>
      dynamoClient().send(
        new QueryCommand({
          TableName: config().statusTable,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': shelfPk(shelf) },
          Limit: limit,
          ...from,
        }),
      ),
    );
    for await (const item of items) {
      const pointer = pointerOf(item);
      if (pointer) pointers.push(pointer);
      if (pointers.length >= limit) break;
    }
    return pointers;
  },

  async countShelf(shelf, now) {
    let count = 0;
    let start: Record<string, unknown> | undefined;
    do {
      const out = await dynamoClient().send(
        new QueryCommand({
          TableName: config().statusTable,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': shelfPk(shelf), ...(now ? { ':now': now } : {}) },
          ...(now ? { FilterExpression: '#until > :now', ExpressionAttributeNames: { '#until': 'until' } } : {}),
          // The count alone: no pointer's words are read out.
          Select: 'COUNT',
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      count += out.Count ?? 0;
      start = out.LastEvaluatedKey;
    } while (start);
    return count;
  },
};

/**
 * The dashboard's counters, kept as applications change (domain/dashboard/counters.ts). Counter
 * items live in the status table under `dashboard#…` partitions (one per cycle, one per week of
 * reviews): `dashboard#cycle#<id>` / `seg#<round>#<term>#<major>`, `day#<date>`, `started`;
 * `dashboard#readers#<week>` / `reader#<e-mail>`.
 *
 * Each write that changes a submitted application's office state returns the item as it left it
 * (`sendCounted`); the cells it counts for now are compared with the cells it was counted for, kept
 * on the item (`dash_counted`), which is moved to the new cells by a write conditional on the old
 * ones; only the writer that moved it adds the difference to the counters (ADD, atomic). So two
 * writers at once count once each for what they changed, a retry counts nothing twice, and a
 * change whose counting failed is caught up by the item's next change. A failure between the
 * item's write and the counters' leaves them off until `npm run dashboard -- recount`. The
 * counter items' ADDs are dashboard-cells.ts's; a start's, dashboard-started.ts's.
 */
import { GetCommand, UpdateCommand, type UpdateCommandOutput } from '@aws-sdk/lib-dynamodb';
import { cellsOf, countersChange, sameCells, segmentLabels, type CountedApplication } from '#domain/dashboard/counters';
import { DASHBOARD_STARTED } from '#domain/ports/keys';
import { SUBMISSIONS_INDEX_KEYS } from '#domain/ports/submissions';
import { timetable } from '#form/institution-cycles';
import { isDecision, isOfficeReply } from '#form/wire/decision-words';
import { isOfficeStatus } from '#form/wire/office-status';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { log } from '../log';
import { addToCounters } from './dashboard-cells';
import { addStarted } from './dashboard-started';
import { ANSWER_PREFIX, MATERIALS_ATTRIBUTES, SK, isConditionalFailure } from './keys';

/** The answers item's attribute holding the cells it is counted for. */
export const COUNTED_ATTRIBUTE = 'dash_counted';
/** The answers item's attribute naming the cycle its start was counted in (the first answer save). */
const STARTED_ATTRIBUTE = DASHBOARD_STARTED.attribute;

const text = (item: Record<string, unknown>, attr: string): string => (typeof item[attr] === 'string' ? item[attr] : '');

/** What the counters need of an answers item; undefined when it is not in the submissions index (not submitted, or gone). */
export function countedOf(item: Record<string, unknown> | undefined): CountedApplication | undefined {
  if (!item || item[SUBMISSIONS_INDEX_KEYS.partition] === undefined || typeof item.submittedAt !== 'string') return undefined;
  const reviewers = item.reviewed_by;
  return {
    // An application submitted before cycles is the first cycle's (domain/cycles/office-cycles.ts).
    cycle: text(item, 'cycle') || (timetable.cycles[0]?.id ?? ''),
    round: text(item, 'round'),
    term: text(item, `${ANSWER_PREFIX}entry_term`),
    termLabel: text(item, `${ANSWER_PREFIX}entry_term_desc`),
    major: text(item, `${ANSWER_PREFIX}applied_major`),
    majorLabel: text(item, `${ANSWER_PREFIX}applied_major_desc`),
    submittedAt: item.submittedAt,
    complete: item[MATERIALS_ATTRIBUTES.complete] === true,
    reviewed: reviewers instanceof Set ? reviewers.size > 0 : Array.isArray(reviewers) && reviewers.length > 0,
    status: isOfficeStatus(item.office_status) ? item.office_status : 'submitted',
    decision: isDecision(item.office_decision) ? item.office_decision : undefined,
    reply: isOfficeReply(item.office_reply) ? item.office_reply : undefined,
  };
}

// The cells as one string, sorted (a list's equality is not a condition dynalite evaluates); NO_CELLS for none (no empty strings).
const CELLS_SEPARATOR = '\n';
const NO_CELLS = '-';
export const cellsCounted = (item: Record<string, unknown>): string[] => {
  const cells = item[COUNTED_ATTRIBUTE];
  return typeof cells === 'string' && cells !== NO_CELLS ? cells.split(CELLS_SEPARATOR) : [];
};
export const cellsText = (cells: readonly string[]): string => (cells.length ? [...cells].sort().join(CELLS_SEPARATOR) : NO_CELLS);

async function readItem(id: string): Promise<Record<string, unknown> | undefined> {
  const out = await dynamoClient().send(new GetCommand({ TableName: config().answersTable, Key: { pk: id, sk: SK.answers }, ConsistentRead: true }));
  return out.Item;
}

/** Moves the item's counted cells from `from` to `to`, only if they are still `from`; false when another writer moved them first. */
async function moveCounted(id: string, from: readonly string[], to: readonly string[], also = ''): Promise<boolean> {
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: config().answersTable,
        Key: { pk: id, sk: SK.answers },
        UpdateExpression: `SET #c = :to${also}`,
        ConditionExpression: from.length ? 'attribute_exists(pk) AND #c = :from' : 'attribute_exists(pk) AND (attribute_not_exists(#c) OR #c = :from)',
        ExpressionAttributeNames: { '#c': COUNTED_ATTRIBUTE, ...(also ? { '#sc': STARTED_ATTRIBUTE } : {}) },
        ExpressionAttributeValues: { ':to': cellsText(to), ':from': cellsText(from) },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

const ATTEMPTS = 5;

/** Brings the counters to the application's state: `image` is the item as a write left it (read again after a lost race). */
export async function countApplication(id: string, image: Record<string, unknown> | undefined): Promise<void> {
  let item = image;
  for (let attempt = 0; attempt < ATTEMPTS && item; attempt++) {
    const app = countedOf(item);
    const before = cellsCounted(item);
    const after = cellsOf(app, timetable.timeZone);
    if (sameCells(before, after)) return;
    if (await moveCounted(id, before, after)) {
      await addToCounters(countersChange(before, after), app ? segmentLabels(app) : {});
      return;
    }
    item = await readItem(id);
  }
  if (item) log.warn('dashboard counters: the application kept changing; its next change counts it', { id });
}

/**
 * Sends an update of a submitted application's answers item (change-stamp.ts, submittedItemUpdate)
 * and counts what it changed. A failure to count never fails the change: it is logged, and the
 * application's next change (or a recount) counts it.
 */
export async function sendCounted(command: UpdateCommand): Promise<UpdateCommandOutput> {
  const out = await dynamoClient().send(new UpdateCommand({ ...command.input, ReturnValues: 'ALL_NEW' }));
  const id: unknown = command.input.Key?.pk;
  if (typeof id === 'string') {
    try {
      await countApplication(id, out.Attributes);
    } catch (error) {
      log.error('dashboard counters: a change was not counted', { id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return out;
}

/**
 * Before an application's answers item is deleted (erasure): takes back everything it counts for,
 * its start too. The item is marked first (no cells, no start), so an erasure run again takes
 * nothing back twice.
 */
export async function uncountApplication(id: string): Promise<void> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const item = await readItem(id);
    if (!item) return;
    const before = cellsCounted(item);
    const started = text(item, STARTED_ATTRIBUTE);
    if (!before.length && !started) return;
    if (!(await moveCounted(id, before, [], started ? ' REMOVE #sc' : ''))) continue;
    const app = countedOf(item);
    await addToCounters(countersChange(before, []), app ? segmentLabels(app) : {});
    if (started) await addStarted(started, -1);
    return;
  }
}

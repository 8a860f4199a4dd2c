/**
 * The sparse index of submitted applications: a global secondary index of the answers table
 * whose key attributes only submitted answer items carry, so the staff list and the exports
 * read submissions newest first, page by page, and the retention sweep the old ones, oldest
 * first, and neither scans the applicants' drafts.
 */
import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { ApplicationName } from '#domain/ports/audit';
import {
  CHANGES_INDEX_KEYS,
  LIST_INDEXES,
  NAME_INDEX_KEYS,
  SCORE_INDEX_KEYS,
  UNSCORED_PREFIX,
  SUBMISSIONS_INDEX,
  SUBMISSIONS_INDEX_KEYS,
  type Answers,
  type CycleChoice,
  type SubmissionFilters,
  type SubmissionsPage,
  type SubmittedApplication,
  type SubmittedPlacement,
} from '#domain/ports/submissions';
import { nameSortKey, scoreOfKey } from '#domain/staff/sort-keys';
import type { OfficeHold } from '#form/wire/data-rights';
import { DECISIONS, isDecision, isOfficeReply, REPLY_OPTIONS } from '#form/wire/decision-words';
import { isOfficeStatus } from '#form/wire/office-status';
import { DEFAULT_SORT, type ListSort } from '#form/wire/staff';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { submittedItemUpdate } from './change-stamp';
import { sendCounted } from './dashboard-counters';
import { DUPLICATE_OPEN_ATTRIBUTE } from './duplicate-mark';
import { ANSWER_PREFIX, CHECKOUT_ATTRIBUTES, HOLD_ATTRIBUTE, MATERIALS_ATTRIBUTES, SK, isConditionalFailure } from './keys';
import { allItems } from './pages';

export { SUBMISSIONS_INDEX, SUBMISSIONS_INDEX_KEYS, type SubmissionFilters, type SubmissionsPage, type SubmittedApplication };
export const PARTITION_VALUE = 'submitted';

function answersOf(item: Record<string, unknown>): Answers {
  const answers: Answers = {};
  for (const [attr, value] of Object.entries(item))
    if (attr.startsWith(ANSWER_PREFIX) && typeof value === 'string') answers[attr.slice(ANSWER_PREFIX.length)] = value;
  return answers;
}

export function fromItem(item: Record<string, unknown>): SubmittedApplication | undefined {
  if (typeof item.pk !== 'string' || typeof item.submittedAt !== 'string') return undefined;
  return {
    id: item.pk,
    // The submit's reference (form-core stores it as `reference` on the answers item).
    reference: typeof item.reference === 'string' ? item.reference : '',
    email: typeof item.applicant_email === 'string' ? item.applicant_email : '',
    ...(typeof item.applicant_language === 'string' ? { language: item.applicant_language } : {}),
    submittedAt: item.submittedAt,
    answers: answersOf(item),
    officeStatus: isOfficeStatus(item.office_status) ? item.office_status : 'submitted',
    ...(isDecision(item.office_decision) ? { decision: item.office_decision } : {}),
    ...(isOfficeReply(item.office_reply) ? { reply: item.office_reply } : {}),
    ...holdOf(item[HOLD_ATTRIBUTE]),
    ...placementOf(item),
    ...(item[MATERIALS_ATTRIBUTES.complete] === true ? { complete: true as const } : {}),
    ...(item[DUPLICATE_OPEN_ATTRIBUTE] === true ? { duplicate: true as const } : {}),
    ...changeKeyOf(item[CHANGES_INDEX_KEYS.sort]),
    ...scoreOf(item[SCORE_INDEX_KEYS.sort]),
  };
}

function scoreOf(key: unknown): { averageScore?: number } {
  const score = scoreOfKey(key);
  return score === undefined ? {} : { averageScore: score };
}

const changeKeyOf = (value: unknown): { changeKey?: string } => (typeof value === 'string' ? { changeKey: value } : {});

/** The cycle, round and lateness the submission's lock recorded (answers-store.ts, markSubmitted). */
function placementOf(item: Record<string, unknown>): { placement?: SubmittedPlacement } {
  if (typeof item.cycle !== 'string' || typeof item.round !== 'string') return {};
  return { placement: { cycle: item.cycle, round: item.round, late: item.late === true } };
}

/** The hold an admin placed (hold-store.ts writes it whole), or nothing. */
function holdOf(value: unknown): { hold?: OfficeHold } {
  const h = value as Partial<OfficeHold> | undefined;
  if (typeof h?.reason !== 'string' || typeof h.by !== 'string' || typeof h.at !== 'string') return {};
  return { hold: { reason: h.reason, by: h.by, at: h.at } };
}

/** What `q` searches: name, e-mail and reference, lower-cased, in one attribute. */
export function searchText(answers: Answers, email: string, reference: string): string {
  return [answers.first_name, answers.middle_name, answers.last_name, answers.preferred_name, email, reference].filter(Boolean).join(' ').toLowerCase();
}

/**
 * Puts a submitted application into the index (idempotent: every submit call repeats it, so a
 * crash between the lock and this write heals on the applicant's retry). Returns the indexed
 * application, or undefined when it is not submitted.
 */
export async function indexSubmission(sub: string, email: string, language?: string): Promise<SubmittedApplication | undefined> {
  const out = await dynamoClient().send(new GetCommand({ TableName: config().answersTable, Key: { pk: sub, sk: SK.answers }, ConsistentRead: true }));
  const app = out.Item ? fromItem(out.Item) : undefined;
  if (!app) return undefined;
  app.email = app.email || email.toLowerCase();
  // The language too, once: like the address, what the submission was made with.
  if (!app.language && language) app.language = language;
  try {
    await sendCounted(
      // The change index's entry too, where the lock's write left none (an item submitted before that index).
      submittedItemUpdate(
        sub,
        {
          // The name and score orders' keys too (the score's withheld until a review sets it: reviews-store.ts).
          UpdateExpression: `SET #p = :p, #s = :s, applicant_email = :e, search_text = :q, #n = :n, #sc = if_not_exists(#sc, :sc)${app.language ? ', applicant_language = :l' : ''}`,
          ConditionExpression: 'attribute_exists(submittedAt)',
          ExpressionAttributeNames: {
            '#p': SUBMISSIONS_INDEX_KEYS.partition,
            '#s': SUBMISSIONS_INDEX_KEYS.sort,
            '#n': NAME_INDEX_KEYS.sort,
            '#sc': SCORE_INDEX_KEYS.sort,
          },
          ExpressionAttributeValues: {
            ':p': PARTITION_VALUE,
            ':s': `${app.submittedAt}#${sub}`,
            ':e': app.email,
            ':q': searchText(app.answers, app.email, app.reference),
            ':n': nameSortKey(app.answers, sub),
            ':sc': `${UNSCORED_PREFIX}${sub}`,
            ...(app.language ? { ':l': app.language } : {}),
          },
        },
        { keep: true },
      ),
    );
  } catch (error) {
    if (isConditionalFailure(error)) return undefined;
    throw error;
  }
  return app;
}

/**
 * One page of submitted applications in the sort's order (by default newest first), each order
 * an index of the same partition. Filters apply within the index query, so a page may hold fewer
 * than `limit` items while `next` says more may follow; the loop reads on until the page is full
 * or the index ends, at most `maxReads` queries per call.
 */
export async function querySubmissions(
  filters: SubmissionFilters,
  limit: number,
  start?: Record<string, unknown>,
  sort: ListSort = DEFAULT_SORT,
  maxReads = 10,
): Promise<SubmissionsPage> {
  const index = LIST_INDEXES[sort.by];
  const names: Record<string, string> = { '#p': SUBMISSIONS_INDEX_KEYS.partition };
  const values: Record<string, unknown> = { ':p': PARTITION_VALUE };
  const conditions: string[] = [];
  if (filters.term) {
    names['#t'] = `${ANSWER_PREFIX}entry_term`;
    values[':t'] = filters.term;
    conditions.push('#t = :t');
  }
  if (filters.major) {
    names['#m'] = `${ANSWER_PREFIX}applied_major`;
    values[':m'] = filters.major;
    conditions.push('#m = :m');
  }
  if (filters.status) {
    values[':st'] = filters.status;
    // No status copied yet is submitted: nobody has changed it.
    conditions.push(filters.status === 'submitted' ? '(attribute_not_exists(office_status) OR office_status = :st)' : 'office_status = :st');
  }
  if (filters.q) {
    values[':q'] = filters.q.toLowerCase();
    conditions.push('contains(search_text, :q)');
  }
  if (filters.duplicate) {
    names['#dup'] = DUPLICATE_OPEN_ATTRIBUTE;
    values[':dup'] = true;
    conditions.push('#dup = :dup');
  }
  // The copies decisions-store.ts keeps beside the submission, and two answers.
  const equal: Array<[string, string, string | undefined]> = [
    ['#dc', 'office_decision', filters.decision],
    ['#rp', 'office_reply', filters.reply],
    ['#hs', `${ANSWER_PREFIX}hs_ceeb`, filters.school],
    ['#sa', `${ANSWER_PREFIX}state`, filters.state],
  ];
  for (const [name, attribute, value] of equal) {
    if (value === undefined) continue;
    names[name] = attribute;
    values[`:${name.slice(1)}`] = value;
    conditions.push(`${name} = :${name.slice(1)}`);
  }
  conditions.push(...placementConditions(filters, names, values));
  const items: SubmittedApplication[] = [];
  let next = start;
  for (let reads = 0; reads < maxReads && items.length < limit; reads++) {
    const out = await dynamoClient().send(
      new QueryCommand({
        TableName: config().answersTable,
        IndexName: index.index,
        KeyConditionExpression: '#p = :p',
        ...(conditions.length ? { FilterExpression: conditions.join(' AND ') } : {}),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ScanIndexForward: sort.order === 'asc',
        // Evaluates a batch; the page continues from the last item it takes, not the batch's end.
        Limit: READ_BATCH,
        ...(next ? { ExclusiveStartKey: next } : {}),
      }),
    );
    const found = out.Items ?? [];
    let taken = 0;
    for (const item of found) {
      if (items.length >= limit) break;
      taken += 1;
      const app = fromItem(item);
      if (app) items.push(app);
    }
    if (taken < found.length) {
      next = indexKeyOf(found[taken - 1]!, index.sort);
      break;
    }
    next = out.LastEvaluatedKey;
    if (!next) break;
  }
  return next ? { items, next } : { items };
}

/**
 * The cycle, round and lateness filters on the attributes the submission's lock wrote
 * (answers-store.ts, markSubmitted). An application submitted before cycles has none of them: it
 * is in the first cycle (`withUnplaced`), in no round, and on time.
 */
function placementConditions(
  filters: Pick<SubmissionFilters, 'cycle' | 'round' | 'late' | 'complete'>,
  names: Record<string, string>,
  values: Record<string, unknown>,
): string[] {
  const conditions: string[] = [];
  if (filters.cycle) {
    names['#cy'] = 'cycle';
    values[':cy'] = filters.cycle.id;
    conditions.push(filters.cycle.withUnplaced ? '(attribute_not_exists(#cy) OR #cy = :cy)' : '#cy = :cy');
  }
  if (filters.round) {
    names['#rd'] = 'round';
    values[':rd'] = filters.round;
    conditions.push('#rd = :rd');
  }
  if (filters.late !== undefined) {
    names['#lt'] = 'late';
    values[':lt'] = true;
    conditions.push(filters.late ? '#lt = :lt' : '(attribute_not_exists(#lt) OR #lt <> :lt)');
  }
  if (filters.complete !== undefined) {
    // Written by the office's marks (materials-store.ts): an application never marked is not complete.
    names['#co'] = MATERIALS_ATTRIBUTES.complete;
    values[':co'] = true;
    conditions.push(filters.complete ? '#co = :co' : '(attribute_not_exists(#co) OR #co <> :co)');
  }
  return conditions;
}

/** Items evaluated per index query: a filtered page fills in one or two reads. */
const READ_BATCH = 200;

/** Every item of the index that `query` selects, page by page (ended early when the caller stops). */
function indexItems(query: Omit<QueryCommandInput, 'TableName' | 'IndexName' | 'ExclusiveStartKey'>): AsyncGenerator<Record<string, unknown>, void, undefined> {
  return allItems((from) => dynamoClient().send(new QueryCommand({ TableName: config().answersTable, IndexName: SUBMISSIONS_INDEX, ...query, ...from })));
}

/** The index position of an item in the index sorted by `sortKey`: where the next page starts after it. */
function indexKeyOf(item: Record<string, unknown>, sortKey: string): Record<string, unknown> {
  return {
    pk: item.pk,
    sk: item.sk,
    [SUBMISSIONS_INDEX_KEYS.partition]: item[SUBMISSIONS_INDEX_KEYS.partition],
    [sortKey]: item[sortKey],
  };
}

/**
 * The reader's queue: the oldest application of `cycle` still waiting for a decision (office
 * status submitted or in_review) that `reviewer` has not reviewed and nobody else has checked out
 * at `now` (the checkout's attributes on the same item), by the reviewers' marker on the
 * submission (`reviewed_by`, written with each review): one index query, oldest first, read on
 * until one matches or the index ends. Undefined when none is left.
 */
export async function nextUnreviewed(reviewer: string, cycle: CycleChoice, now: string): Promise<{ id: string; reference: string } | undefined> {
  const names: Record<string, string> = { '#p': SUBMISSIONS_INDEX_KEYS.partition, '#ref': 'reference' };
  const values: Record<string, unknown> = { ':p': PARTITION_VALUE, ':s': 'submitted', ':r': 'in_review', ':me': reviewer, ':now': now };
  const inCycle = placementConditions({ cycle }, names, values);
  // Nobody else's checkout (reading-store.ts): none, the reviewer's own, or one that has run out.
  const free = `(attribute_not_exists(${CHECKOUT_ATTRIBUTES.by}) OR ${CHECKOUT_ATTRIBUTES.by} = :me OR ${CHECKOUT_ATTRIBUTES.until} <= :now)`;
  const waiting = indexItems({
    KeyConditionExpression: '#p = :p',
    FilterExpression: ['(attribute_not_exists(office_status) OR office_status IN (:s, :r))', 'NOT contains(reviewed_by, :me)', free, ...inCycle].join(' AND '),
    ProjectionExpression: 'pk, #ref',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ScanIndexForward: true,
    Limit: READ_BATCH,
  });
  // The first match ends the read: no page after its page is asked for.
  for await (const item of waiting)
    if (typeof item.pk === 'string') return { id: item.pk, reference: typeof item.reference === 'string' ? item.reference : '' };
  return undefined;
}

/** Every application the list shows as decided (the release checks each one's history). */
export async function listDecided(): Promise<string[]> {
  const ids: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await querySubmissions({ status: 'decided' }, 500, start);
    ids.push(...page.items.map((a) => a.id));
    start = page.next;
  } while (start);
  return ids;
}

/**
 * The offers still open for the expiry sweep (domain/cycles/expiry.ts): applications released
 * with a decision that asks for a reply (an admit or a waitlist place, by the list's copy
 * `office_decision`) and no reply in the copy `office_reply`. One pass over the index, the filter
 * applied by DynamoDB: it reads every submission (its capacity counts them all), returns these.
 */
export async function* openOffers(): AsyncIterable<SubmittedApplication> {
  const asking = DECISIONS.filter((d) => REPLY_OPTIONS[d].length > 0);
  const decisions = Object.fromEntries(asking.map((d, i) => [`:d${i}`, d]));
  const offers = indexItems({
    KeyConditionExpression: '#p = :p',
    FilterExpression: `office_status = :released AND office_decision IN (${Object.keys(decisions).join(', ')}) AND attribute_not_exists(office_reply)`,
    ExpressionAttributeNames: { '#p': SUBMISSIONS_INDEX_KEYS.partition },
    ExpressionAttributeValues: { ':p': PARTITION_VALUE, ':released': 'released', ...decisions },
    ScanIndexForward: true,
    Limit: READ_BATCH,
  });
  for await (const item of offers) {
    const app = fromItem(item);
    if (app) yield app;
  }
}

/**
 * Every application submitted before `cutoff` (ISO 8601), oldest first: the index's sort key
 * begins with the submission time, so one query, page by page, reads the old ones only.
 */
export async function* submittedBefore(cutoff: string): AsyncIterable<{ id: string; submittedAt: string }> {
  const old = indexItems({
    KeyConditionExpression: '#p = :p AND #s < :cutoff',
    ProjectionExpression: 'pk, submittedAt',
    ExpressionAttributeNames: { '#p': SUBMISSIONS_INDEX_KEYS.partition, '#s': SUBMISSIONS_INDEX_KEYS.sort },
    ExpressionAttributeValues: { ':p': PARTITION_VALUE, ':cutoff': cutoff },
  });
  for await (const item of old) if (typeof item.pk === 'string' && typeof item.submittedAt === 'string') yield { id: item.pk, submittedAt: item.submittedAt };
}

/** One submitted application by id, or undefined (unknown, or still being filled in). */
export async function readSubmitted(id: string): Promise<SubmittedApplication | undefined> {
  const out = await dynamoClient().send(new GetCommand({ TableName: config().answersTable, Key: { pk: id, sk: SK.answers }, ConsistentRead: true }));
  return out.Item ? fromItem(out.Item) : undefined;
}

/**
 * How the access record names an application: its reference and the applicant's name, read
 * alone (a projection, not the whole answer set); undefined unless it is a submitted application.
 */
export async function nameApplication(id: string): Promise<ApplicationName | undefined> {
  const out = await dynamoClient().send(
    new GetCommand({
      TableName: config().answersTable,
      Key: { pk: id, sk: SK.answers },
      ProjectionExpression: '#r, submittedAt, #f, #l',
      ExpressionAttributeNames: { '#r': 'reference', '#f': `${ANSWER_PREFIX}first_name`, '#l': `${ANSWER_PREFIX}last_name` },
    }),
  );
  const item = out.Item;
  if (!item || typeof item.submittedAt !== 'string') return undefined;
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  return {
    reference: text(item.reference),
    name: [text(item[`${ANSWER_PREFIX}first_name`]), text(item[`${ANSWER_PREFIX}last_name`])].filter(Boolean).join(' '),
  };
}

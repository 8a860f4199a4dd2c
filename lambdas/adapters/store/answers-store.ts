import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AnswerSave, Answers, ApplicantRecord, DocumentItem, RecommendationSlotState, StoredAnswers, SubmissionPlacement } from '#domain/ports/answers';
import type { ProgressMark } from '#domain/ports/in-progress';
import { DASHBOARD_STARTED, IN_PROGRESS_INDEX_KEYS, ROUND_KEY, WAIVER_ANSWER_KEY, cycleOfKey } from '#domain/ports/keys';
import { timetable } from '#form/institution-cycles';
import type { ApplicationSnapshot } from '#form/snapshot';
import { currentCycle } from '#form/timetable';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { countStarted } from './dashboard-started';
import { ANSWER_PREFIX, SK, SLOT_ATTRIBUTES, isConditionalFailure, isSupplementKey, materialsOf, referencePk } from './keys';

export type { ApplicantRecord };

function answersFrom(item: Record<string, unknown> | undefined): Answers {
  const answers: Answers = {};
  if (!item) return answers;
  for (const [attr, value] of Object.entries(item)) {
    if (attr.startsWith(ANSWER_PREFIX) && typeof value === 'string') answers[attr.slice(ANSWER_PREFIX.length)] = value;
  }
  return answers;
}

/** The attribute of the snapshot item (snapshot-store.ts) holding the snapshot as JSON text. */
export const SNAPSHOT_ATTRIBUTE = 'snapshot';
const SNAPSHOT_VERSION: ApplicationSnapshot['version'] = 1;

/**
 * The snapshot an item holds. Only snapshot-store.ts writes it, from a typed snapshot, so its
 * version is checked and its shape trusted (as a document item's is); here rather than beside
 * the writer so the save's bundle, which reaches this module, reaches no other.
 */
export function snapshotOf(item: Record<string, unknown> | undefined): ApplicationSnapshot | undefined {
  const text = item?.[SNAPSHOT_ATTRIBUTE];
  if (typeof text !== 'string') return undefined;
  try {
    const stored = JSON.parse(text) as Partial<ApplicationSnapshot> | null;
    return stored?.version === SNAPSHOT_VERSION && Array.isArray(stored.pages) ? (stored as ApplicationSnapshot) : undefined;
  } catch {
    return undefined;
  }
}

/** Everything stored for an applicant in the answers table: answers and document answers, one query. */
export async function readApplicantRecord(sub: string): Promise<ApplicantRecord> {
  const out = await dynamoClient().send(
    new QueryCommand({
      TableName: config().answersTable,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': sub },
      ConsistentRead: true,
    }),
  );
  const record: ApplicantRecord = { answers: {}, documents: [], supplements: [] };
  for (const item of out.Items ?? []) {
    if (item.sk === SK.answers) {
      record.answers = answersFrom(item);
      if (typeof item.submittedAt === 'string') record.submittedAt = item.submittedAt;
      if (typeof item.reference === 'string') record.reference = item.reference;
      const materials = materialsOf(item);
      if (materials) record.materials = materials;
    } else if (item.sk === SK.snapshot) {
      const snapshot = snapshotOf(item);
      if (snapshot) record.snapshot = snapshot;
    } else if (typeof item.sk === 'string' && item.sk.startsWith('document#')) {
      const doc = item as unknown as DocumentItem;
      (isSupplementKey(item.sk.slice('document#'.length)) ? record.supplements : record.documents).push(doc);
    }
  }
  return record;
}

/** When the application was submitted (the lock on the answers item), or undefined. */
export async function readSubmittedAt(sub: string): Promise<string | undefined> {
  return (await readSubmission(sub)).submittedAt;
}

/** When the application was submitted and its reference, when it was (the list of an account's applications). */
export async function readSubmission(sub: string): Promise<{ submittedAt?: string; reference?: string }> {
  const out = await dynamoClient().send(
    new GetCommand({
      TableName: config().answersTable,
      Key: { pk: sub, sk: SK.answers },
      ProjectionExpression: '#s, #r',
      ExpressionAttributeNames: { '#s': 'submittedAt', '#r': 'reference' },
      ConsistentRead: true,
    }),
  );
  const item = out.Item ?? {};
  return typeof item.submittedAt === 'string'
    ? { submittedAt: item.submittedAt, ...(typeof item.reference === 'string' ? { reference: item.reference } : {}) }
    : {};
}
/** The ids of a string set as the document client reads it (a Set), or none. */
const idsOf = (value: unknown): string[] => (value instanceof Set ? [...(value as Set<unknown>)].filter((v): v is string => typeof v === 'string') : []);

function slotsFrom(item: Record<string, unknown>): RecommendationSlotState | undefined {
  const invitations = item[SLOT_ATTRIBUTES.invitations];
  const slots = {
    counselor: idsOf(item[SLOT_ATTRIBUTES.counselor]),
    teacher: idsOf(item[SLOT_ATTRIBUTES.teacher]),
    invitations: typeof invitations === 'number' ? invitations : 0,
  };
  return slots.counselor.length + slots.teacher.length + slots.invitations > 0 ? slots : undefined;
}

export async function readAnswers(sub: string): Promise<StoredAnswers> {
  const out = await dynamoClient().send(new GetCommand({ TableName: config().answersTable, Key: { pk: sub, sk: SK.answers }, ConsistentRead: true }));
  const result: StoredAnswers = { answers: answersFrom(out.Item) };
  if (typeof out.Item?.submittedAt === 'string') result.submittedAt = out.Item.submittedAt;
  const slots = out.Item && slotsFrom(out.Item);
  if (slots) result.slots = slots;
  return result;
}

/**
 * The save's check of the waiver: while a recommendation holds a slot (either set exists) the
 * stored waiver may only be saved as it is, since a recommender was told it (docs/recommendations.md).
 */
function waiverUnheld(names: Record<string, string>, values: Record<string, unknown>, value: string): string {
  names['#wc'] = SLOT_ATTRIBUTES.counselor;
  names['#wt'] = SLOT_ATTRIBUTES.teacher;
  const unheld = 'NOT (attribute_exists(#wc) OR attribute_exists(#wt))';
  if (value === '') return unheld;
  names['#w'] = ANSWER_PREFIX + WAIVER_ANSWER_KEY;
  values[':w'] = value;
  return `(${unheld} OR #w = :w)`;
}

/** Exported for the test that keeps its expressions within DynamoDB's 4 kB limit. */
export function mergeCommand(sub: string, { answers: patch, base }: AnswerSave, now: Date, progress?: ProgressMark): UpdateCommand {
  // The cycle the application's start counts in on the dashboard, written by its first save only (if_not_exists): the old value the write returns says whether this save started it.
  const names: Record<string, string> = { '#u': 'updatedAt', '#s': 'submittedAt', '#sc': DASHBOARD_STARTED.attribute };
  const values: Record<string, unknown> = { ':u': now.toISOString(), ':sc': startedCycle(sub, now) };
  const sets: string[] = ['#u = :u', '#sc = if_not_exists(#sc, :sc)'];
  if (progress) {
    // The in-progress index's keys, set where absent: the first save writes them, and no later
    // save changes what the index holds (in-progress-index.ts).
    Object.assign(names, { '#pc': IN_PROGRESS_INDEX_KEYS.partition, '#ps': IN_PROGRESS_INDEX_KEYS.sort });
    Object.assign(values, { ':pc': progress.cycle, ':ps': `${now.toISOString()}#${sub}` });
    sets.push('#pc = if_not_exists(#pc, :pc)', '#ps = if_not_exists(#ps, :ps)');
  }
  const removes: string[] = [];
  const conditions: string[] = ['attribute_not_exists(#s)'];
  let i = 0;
  for (const [key, value] of Object.entries(patch)) {
    // Short attribute-name aliases keep a full answer set well under DynamoDB's 4 kB expression limit.
    const id = (i++).toString(36);
    const name = `#k${id}`;
    names[name] = ANSWER_PREFIX + key;
    if (value === '') {
      removes.push(name);
    } else {
      values[`:v${id}`] = value;
      sets.push(`${name} = :v${id}`);
    }
    const was = base[key];
    if (was === undefined) continue;
    // Still what this browser started from, or already the value it sends; '' is no attribute.
    const accepted = [was, value].filter((v, at, all) => v !== '' && all.indexOf(v) === at);
    const valueNames = accepted.map((v, at) => {
      values[`:${at === 0 ? 'b' : 'c'}${id}`] = v;
      return `:${at === 0 ? 'b' : 'c'}${id}`;
    });
    const equal = valueNames.length === 2 ? `${name} IN (${valueNames.join(', ')})` : valueNames.length === 1 ? `${name} = ${valueNames[0]}` : '';
    const absent = was === '' || value === '' ? `attribute_not_exists(${name})` : '';
    conditions.push(absent && equal ? `(${absent} OR ${equal})` : absent || equal);
  }
  if (WAIVER_ANSWER_KEY in patch) conditions.push(waiverUnheld(names, values, patch[WAIVER_ANSWER_KEY]));
  return new UpdateCommand({
    TableName: config().answersTable,
    Key: { pk: sub, sk: SK.answers },
    UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
    ConditionExpression: conditions.join(' AND '),
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ReturnValues: 'UPDATED_OLD',
  });
}

/** A later application's cycle is in its key; an account's first is the cycle open when it is started (the first configured before any opens). */
const startedCycle = (sub: string, now: Date): string =>
  cycleOfKey(sub) ?? (currentCycle(timetable.cycles, now, timetable.timeZone) ?? timetable.cycles[0])?.id ?? '';

/**
 * Merges answers key by key in one conditional write: keys not in the patch are untouched, so
 * two browser tabs saving different pages lose nothing; an empty string removes the answer.
 * A key with a base value is written only if the stored value is still that base (or already
 * the new value); the same write carries that check for every such key and the submitted lock,
 * so a save racing another tab's either sees its change or is refused. Nothing is written when
 * any check fails (false); the use-case (domain/answer-save.ts) reads why.
 */
export async function mergeAnswers(sub: string, save: AnswerSave, now: Date = new Date(), progress?: ProgressMark): Promise<boolean> {
  try {
    const command = mergeCommand(sub, save, now, progress);
    const out = await dynamoClient().send(command);
    // The application's first save: it is started (counted once, never per save).
    if (out.Attributes?.[DASHBOARD_STARTED.attribute] === undefined) await countStarted(String(command.input.ExpressionAttributeValues?.[':sc'] ?? ''));
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

/**
 * Locks the answers, recording the submission time and the reference in the same write. Returns
 * false when they were already locked (a second submit): the first time and reference stay.
 */
export async function markSubmitted(sub: string, at: Date, reference: string, placement?: SubmissionPlacement): Promise<boolean> {
  const names: Record<string, string> = {
    '#s': 'submittedAt',
    '#r': 'reference',
    '#pc': IN_PROGRESS_INDEX_KEYS.partition,
    '#ps': IN_PROGRESS_INDEX_KEYS.sort,
  };
  const values: Record<string, unknown> = { ':s': at.toISOString(), ':r': reference };
  const sets = ['#s = :s', '#r = :r'];
  if (placement) {
    Object.assign(names, { '#cy': 'cycle', '#ro': 'round', '#la': 'late' });
    Object.assign(values, { ':cy': placement.cycle, ':ro': placement.round, ':la': placement.late });
    sets.push('#cy = :cy', '#ro = :ro', '#la = :la');
    if (placement.answerRound) {
      Object.assign(names, { '#ra': `${ANSWER_PREFIX}${ROUND_KEY}`, '#rd': `${ANSWER_PREFIX}${ROUND_KEY}_desc` });
      Object.assign(values, { ':rl': placement.roundLabel });
      sets.push('#ra = :ro', '#rd = :rl');
    }
  }
  try {
    // The change index's stamp is the submissions index's write, right after (submissions-index.ts): this module is the save's, which stays lean.
    await dynamoClient().send(
      new UpdateCommand({
        TableName: config().answersTable,
        Key: { pk: sub, sk: SK.answers },
        // Out of the in-progress list in the same write (in-progress-index.ts).
        UpdateExpression: `SET ${sets.join(', ')} REMOVE #pc, #ps`,
        ConditionExpression: 'attribute_not_exists(#s)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

/** Claims a reference for an applicant; false when another application holds it already. */
export async function reserveReference(reference: string, sub: string, at: Date): Promise<boolean> {
  try {
    await dynamoClient().send(
      new PutCommand({
        TableName: config().answersTable,
        Item: { pk: referencePk(reference), sk: SK.reference, sub, reservedAt: at.toISOString() },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

/** Gives back a reference this applicant reserved and did not use (a racing submit locked first). */
export async function releaseReference(reference: string, sub: string): Promise<void> {
  try {
    await dynamoClient().send(
      new DeleteCommand({
        TableName: config().answersTable,
        Key: { pk: referencePk(reference), sk: SK.reference },
        ConditionExpression: '#sub = :sub',
        ExpressionAttributeNames: { '#sub': 'sub' },
        ExpressionAttributeValues: { ':sub': sub },
      }),
    );
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
}

/**
 * A language chosen after submission (PUT /api/language) reaches the e-mails about the submitted
 * application (issue 41); an application not submitted yet is left alone (its submission takes the
 * account's language then).
 */
export async function saveSubmittedLanguage(sub: string, language: string): Promise<void> {
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: config().answersTable,
        Key: { pk: sub, sk: SK.answers },
        UpdateExpression: 'SET applicant_language = :l',
        ConditionExpression: 'attribute_exists(submittedAt)',
        ExpressionAttributeValues: { ':l': language },
      }),
    );
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
}

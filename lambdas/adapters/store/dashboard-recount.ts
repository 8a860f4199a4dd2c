/**
 * `npm run dashboard -- recount` (scripts/dashboard.ts): the dashboard's counters rebuilt from the
 * applications, for repair (a failure between an application's write and its counters' ADD, or
 * counters kept before a change of what they count). One Scan of the answers table (the answers
 * items and the reviews), each answers item's counted cells set to what it counts for now, then
 * every counter item written whole and those no longer counting anything deleted (the counters'
 * change number kept, and raised once at the end). Run it when the
 * office is quiet: a change made during the recount may be counted twice or not at all until the
 * next recount.
 */
import { DeleteCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { cellsOf, REVIEWS_FIELD, segmentLabels, tally, weekOf } from '#domain/dashboard/counters';
import { cycleOfKey, DASHBOARD_STARTED } from '#domain/ports/keys';
import { dayIn } from '#form/calendar';
import { timetable } from '#form/institution-cycles';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { readerKey } from './dashboard-cells';
import { COUNTED_ATTRIBUTE, cellsCounted, cellsText, countedOf } from './dashboard-counters';
import { raiseDashboardVersion } from './dashboard-version';
import { ANSWER_PREFIX, DASHBOARD_VERSION_KEY, SK, dashboardCyclePk, dashboardPk, dashboardReadersPk } from './keys';
import { allItems } from './pages';

export interface RecountResult {
  applications: number;
  started: number;
  submitted: number;
  /** Answers items whose counted cells or start were not what they count for now. */
  corrected: number;
  counterItems: number;
  removed: number;
}

type Item = Record<string, unknown>;
const scan = (table: string, extra: Partial<ConstructorParameters<typeof ScanCommand>[0]> = {}) =>
  allItems((from) => dynamoClient().send(new ScanCommand({ TableName: table, ConsistentRead: true, ...extra, ...from })));

/** The cycle an application's start counts in: the one its first save recorded, else its placement's, its key's, or the first cycle's. */
function startedCycleOf(item: Item): string | undefined {
  const recorded = item[DASHBOARD_STARTED.attribute];
  if (typeof recorded === 'string') return recorded;
  const begun = typeof item.submittedAt === 'string' || Object.keys(item).some((a) => a.startsWith(ANSWER_PREFIX));
  if (!begun || typeof item.pk !== 'string') return undefined;
  return (typeof item.cycle === 'string' ? item.cycle : undefined) ?? cycleOfKey(item.pk) ?? timetable.cycles[0]?.id;
}

export async function recountDashboard(): Promise<RecountResult> {
  const c = config();
  const result: RecountResult = { applications: 0, started: 0, submitted: 0, corrected: 0, counterItems: 0, removed: 0 };
  const counters = new Map<string, Item>();
  const counter = (pk: string, sk: string): Item => {
    const key = `${pk}\n${sk}`;
    const found = counters.get(key) ?? { pk, sk };
    counters.set(key, found);
    return found;
  };
  const add = (item: Item, field: string, n: number) => {
    item[field] = (typeof item[field] === 'number' ? item[field] : 0) + n;
  };

  for await (const item of scan(c.answersTable)) {
    if (typeof item.pk !== 'string' || typeof item.sk !== 'string') continue;
    if (item.sk.startsWith('review#')) {
      const at = typeof item.created_at === 'string' ? new Date(item.created_at) : undefined;
      if (!at || Number.isNaN(at.getTime()) || typeof item.reviewer !== 'string') continue;
      const reader = counter(dashboardReadersPk(weekOf(dayIn(at, timetable.timeZone))), readerKey(item.reviewer));
      reader.reader = item.reviewer;
      add(reader, REVIEWS_FIELD, 1);
      continue;
    }
    if (item.sk !== SK.answers) continue;
    result.applications += 1;
    const app = countedOf(item);
    const cells = cellsOf(app, timetable.timeZone);
    const started = startedCycleOf(item);
    if (started) {
      result.started += 1;
      add(counter(dashboardCyclePk(started), DASHBOARD_STARTED.item), DASHBOARD_STARTED.field, 1);
    }
    if (app) result.submitted += 1;
    for (const change of tally([cells])) {
      const target = counter(dashboardCyclePk(change.cycle), change.item);
      for (const [field, n] of Object.entries(change.add)) add(target, field, n);
      if (app && change.item.startsWith('seg#')) Object.assign(target, segmentLabels(app));
    }
    const stale = cellsText(cellsCounted(item)) !== cellsText(cells) || (started !== undefined && item[DASHBOARD_STARTED.attribute] !== started);
    if (stale) {
      result.corrected += 1;
      await dynamoClient().send(
        new UpdateCommand({
          TableName: c.answersTable,
          Key: { pk: item.pk, sk: item.sk },
          UpdateExpression: `SET #c = :c${started ? ', #s = :s' : ''}`,
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#c': COUNTED_ATTRIBUTE, ...(started ? { '#s': DASHBOARD_STARTED.attribute } : {}) },
          ExpressionAttributeValues: { ':c': cellsText(cells), ...(started ? { ':s': started } : {}) },
        }),
      );
    }
  }

  const existing: Item[] = [];
  for await (const item of scan(c.statusTable, { FilterExpression: 'begins_with(pk, :d)', ExpressionAttributeValues: { ':d': dashboardPk('') } }))
    existing.push(item);
  const isVersion = (item: Item) => item.pk === DASHBOARD_VERSION_KEY.pk && item.sk === DASHBOARD_VERSION_KEY.sk;
  for (const item of existing)
    if (!isVersion(item) && !counters.has(`${String(item.pk)}\n${String(item.sk)}`)) {
      await dynamoClient().send(new DeleteCommand({ TableName: c.statusTable, Key: { pk: item.pk, sk: item.sk } }));
      result.removed += 1;
    }
  for (const item of counters.values()) await dynamoClient().send(new PutCommand({ TableName: c.statusTable, Item: item }));
  result.counterItems = counters.size;
  await raiseDashboardVersion();
  return result;
}

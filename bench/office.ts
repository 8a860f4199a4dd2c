/**
 * `npm run bench -- office [--applicants=N]` (issue 39 item 9): the office's day at volume, on a
 * local stack holding N submitted applications (20,000 by default). Three routes over HTTP as
 * signed-in staff, each beside the DynamoDB calls it made (recorded as the route sent them, in this
 * process) sent again straight to the same dynalite in the route's shape, in the same run:
 *   - the list's first page with two filters, newest submitted first (one row per LIST_CASES case;
 *     baseline: its queries of the answers table's indexes, one after the other as the route reads on);
 *   - a reader's queue (GET /staff/api/queue as the reader with the most assigned applications;
 *     baseline: the two shelf queries together, the page's reads together, the counts together);
 *   - the dashboard (GET /staff/api/dashboard as a decider), twice: unchanged since the last
 *     request (it answers from the reply it kept: one small read) and after a counted change before
 *     each request (the change number raised, untimed: its counters read again); baselines: its own
 *     reads, and ONE GetItem of one counter item, the issue's goal, held by its handler called as
 *     the Lambda runtime calls it (as bench/api.ts holds the save's), HTTP printed beside.
 * Printed per route: p50/p95 of both and their ratio, the DynamoDB requests per request (all that
 * the route made, and those replayed) and the read capacity units of the replayed reads
 * (ReturnConsumedCapacity). The goals (dashboard p95 ≤ 2× one GetItem, list p95 ≤ 2× its queries)
 * are printed as met or not, never asserted.
 *
 * The applications are written straight through the store adapters and use-cases a submission and
 * the office use (bench/sis.ts says why not through the API): the seed's answers
 * (scripts/seed/generate.ts) saved as of a day of an opened cycle, the submission's lock with the
 * placement the timetable gives that day, its completeness, the submissions index, the reading's
 * assignment (its readers and their pointers), then by seedShape the readers' reviews (the review
 * use-case: status, pointers, committee) and a decision (the decision use-case), and the
 * dashboard's recount as `npm run dashboard -- recount` runs it. Not made: duplicate flags (each
 * submission's comparison queries the cycle; nothing measured here reads them), documents, PDFs,
 * snapshots, releases, and the audit records of the seeding's reviews and decisions.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchWriteCommand, GetCommand, QueryCommand, UpdateCommand, type BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import pLimit, { type LimitFunction } from 'p-limit';
import { dynamoClient } from '#adapters/clients';
import { mergeAnswers, markSubmitted } from '#adapters/store/answers-store';
import { changeKey } from '#adapters/store/change-stamp';
import { COUNTED_ATTRIBUTE } from '#adapters/store/dashboard-counters';
import { recountDashboard } from '#adapters/store/dashboard-recount';
import { decisionsStore } from '#adapters/store/decisions-store';
import { DASHBOARD_VERSION_FIELD, DASHBOARD_VERSION_KEY } from '#adapters/store/keys';
import { ANSWER_PREFIX, MATERIALS_ATTRIBUTES, READING_ATTRIBUTES, SK, dashboardCyclePk, historyPk, readingPk } from '#adapters/store/keys';
import { materialsStore } from '#adapters/store/materials-store';
import { officeStatusStore } from '#adapters/store/office-status-store';
import { readingStore } from '#adapters/store/reading-store';
import { reviewStore } from '#adapters/store/reviews-store';
import { indexSubmission, readSubmitted, searchText } from '#adapters/store/submissions-index';
import { acceptSubmission } from '#domain/cycles/application-window';
import { planDecision, recordDecision, type DecisionPorts } from '#domain/decisions/decide';
import { saveReview, type ReviewPorts } from '#domain/decisions/reviews';
import { historyLine, transition } from '#domain/lifecycle/table';
import type { Answers, SubmissionPlacement } from '#domain/ports/answers';
import type { Review } from '#domain/ports/decisions';
import { DASHBOARD_STARTED, ROUND_KEY } from '#domain/ports/keys';
import { CHANGES_INDEX_KEYS, NAME_INDEX_KEYS, SCORE_INDEX_KEYS, SUBMISSIONS_INDEX_KEYS } from '#domain/ports/submissions';
import { applicantOf, assignApplication, pointerOf, readersFor } from '#domain/reading/assignment';
import { isBlindRound } from '#domain/reading/blind';
import { disagreement } from '#domain/reading/committee';
import { nameSortKey, scoreSortKey } from '#domain/staff/sort-keys';
import { timetable } from '#form/institution-cycles';
import { policies } from '#form/institution-policies';
import { reading } from '#form/institution-reading';
import { officeCycle } from '#form/office-cycle';
import { DECISIONS, type Decision } from '#form/wire/decision-words';
import type { OfficeStatus } from '#form/wire/office-status';
import { config } from '#lambdas/config';
import { route, type RouteName } from '#lambdas/routes';
import { gatewayEvent, invokeSource } from '#local/api-gateway';
import { startStack } from '#local/stack';
import { signedInStaff, type StaffClient } from '#test/support/staff';
import { shippedLookups } from '../scripts/seed';
import { generateApplicant, type SeedLookups } from '../scripts/seed/generate';
import { rawClients, send, startRecording, stopRecording, type Capacity, type Raw, type Recorded } from './dynamo-calls';
import { LIST_CASES, listPath, seedShape, verdict, verdictText, type SeedShape } from './office-cases';
import { ms, summarise, type Summary } from './stats';

const DECIDER = 'bench.decider@example.edu';

/**
 * A staff GET's handler called as the Lambda runtime calls it, with the event the local gateway
 * builds (bench/api.ts does the same for the save): what our code adds over its DynamoDB calls,
 * without the test client's fetch and the development HTTP server, which AWS replaces.
 */
function handlerGet(baseUrl: string, client: StaffClient, name: RouteName, path: string): () => Promise<{ status: number; body: unknown }> {
  const row = route(name);
  const url = new URL(path, baseUrl);
  const headers = { host: url.host, cookie: client.cookieHeader };
  return async () => {
    const event = gatewayEvent({ method: row.method, url, routeKey: `${row.method} ${row.path}`, headers, body: Buffer.alloc(0), pathParameters: {} });
    const res = await invokeSource(row, event);
    return { status: res.statusCode ?? 0, body: res.body };
  };
}
/** Applications written at once: dynalite is one process on a shared machine. */
const AT_ONCE = Number(process.env.BENCH_OFFICE_AT_ONCE ?? 8);
const DAY_MS = 86_400_000;

function numberArg(argv: readonly string[], names: RegExp, fallback: number): number {
  for (const [i, a] of argv.entries()) {
    const m = new RegExp(`^--(?:${names.source})(?:=(\\d+))?$`).exec(a);
    if (m) return Number(m[1] ?? argv[i + 1]);
  }
  return fallback;
}

/** The opened cycles' windows: from the day after each opened to the next one's opening (or now). */
function submissionWindows(now: Date): Array<{ from: number; to: number }> {
  const opened = timetable.cycles.filter((c) => Date.parse(`${c.opens}T12:00:00Z`) < now.getTime() - DAY_MS);
  return opened.map((c, i) => {
    const next = opened[i + 1];
    const to = next ? Date.parse(`${next.opens}T00:00:00Z`) - DAY_MS : now.getTime() - 3_600_000;
    return { from: Date.parse(`${c.opens}T12:00:00Z`) + DAY_MS, to };
  });
}

interface Seeded {
  submitted: number;
  /** Of them, through the adapters and use-cases one call at a time (the rest built as they write). */
  throughAdapters: number;
  refused: number;
  reviews: number;
  decisions: number;
  /** Pointers left on each reader's shelf (assigned, not yet read by them). */
  shelves: Map<string, number>;
  /** Applications of each kind, for sameShape. */
  ids: { adapters: string[]; built: string[] };
}

const noAudit = async (): Promise<void> => {};
const reviewPorts: ReviewPorts = {
  reviews: reviewStore,
  status: { ...officeStatusStore, readSubmitted },
  audit: noAudit,
  reading: { store: readingStore, config: reading, timetable },
};
const decisionPorts: DecisionPorts = { decisions: decisionsStore, status: { ...officeStatusStore, readSubmitted }, audit: noAudit };

/** One application as the seed makes it: its answers, when it was submitted, and where the timetable placed it. */
interface Planned {
  index: number;
  id: string;
  at: Date;
  email: string;
  answers: Answers;
  decision: Decision;
  placement: SubmissionPlacement & { roundLabel: string };
  reference: string;
  shape: SeedShape;
}

interface SeedContext {
  n: number;
  now: Date;
  windows: Array<{ from: number; to: number }>;
  run: string;
  lookups: SeedLookups;
  seeded: Seeded;
}

/** Application `index`: generated as of a day of an opened cycle, placed as the submission places it; undefined when the timetable refuses it. */
function plan(ctx: SeedContext, index: number): Planned | undefined {
  const window = ctx.windows[index % ctx.windows.length]!;
  // Spread over the window by a fraction that does not follow the index.
  const at = new Date(window.from + (((index * 7919) % ctx.n) / ctx.n) * (window.to - window.from));
  const generated = generateApplicant(42, index, ctx.run, ctx.lookups, at);
  try {
    const { cycle, round, late } = acceptSubmission(timetable, generated.answers, at);
    const placement = { cycle: cycle.id, round: round.id, roundLabel: round.label, late, answerRound: !generated.answers[ROUND_KEY]?.trim() };
    const reference = `O${index.toString(36).toUpperCase().padStart(7, '0')}`;
    return {
      index,
      id: randomUUID(),
      at,
      email: generated.email,
      answers: generated.answers,
      decision: generated.decision,
      placement,
      reference,
      shape: seedShape(index),
    };
  } catch {
    ctx.seeded.refused += 1;
    return undefined;
  }
}

/** The reviews of a planned application by its first readers, a few days apart after its submission (never after now). */
function reviewsOf(ctx: SeedContext, p: Planned, readers: readonly string[]): Review[] {
  let when = p.at.getTime();
  return readers.slice(0, p.shape.reviews).map((reviewer, i) => {
    when = Math.min(ctx.now.getTime() - 60_000, when + (((p.index + i) % 20) + 1) * DAY_MS);
    const at = new Date(when).toISOString();
    return {
      reviewer,
      scores: Object.fromEntries(policies.reviewRubric.map((c, k) => [c.key, ((p.index + i + k) % 5) + 1])),
      recommendation: DECISIONS[(p.index + i) % DECISIONS.length]!,
      notes: '',
      created_at: at,
      updated_at: at,
    };
  });
}

const decisionTime = (ctx: SeedContext, reviews: readonly Review[]): Date =>
  new Date(Math.min(ctx.now.getTime() - 60_000, Date.parse(reviews.at(-1)!.updated_at) + DAY_MS));

function tallyShelves(seeded: Seeded, readers: readonly string[], reviews: readonly Review[], decided: boolean): void {
  if (decided) return;
  for (const reader of readers) if (!reviews.some((r) => r.reviewer === reader)) seeded.shelves.set(reader, (seeded.shelves.get(reader) ?? 0) + 1);
}

/** Through the store adapters and use-cases, one call at a time, as the submission, the reviews and the decision write. */
async function throughAdapters(ctx: SeedContext, p: Planned): Promise<void> {
  if (!(await mergeAnswers(p.id, { answers: p.answers, base: {} }, p.at))) throw new Error(`seeding ${p.id}: the answers were refused`);
  await markSubmitted(p.id, p.at, p.reference, p.placement);
  await materialsStore.writeMarks(p.id, {}, p.shape.complete, 0);
  const app = await indexSubmission(p.id, p.email);
  if (!app) throw new Error(`seeding ${p.id}: not indexed`);
  const readers = await assignApplication({ reading: readingStore }, reading, app);
  const reviews = reviewsOf(ctx, p, readers);
  for (const r of reviews) {
    const { reviewer, scores, recommendation, notes } = r;
    await saveReview(reviewPorts, policies.reviewRubric, p.id, reviewer, { scores, recommendation, notes }, new Date(r.updated_at));
  }
  const decided = p.shape.decide && reviews.length >= 2;
  if (decided)
    await recordDecision(decisionPorts, p.id, { decision: p.decision, note: '', reason: '' }, { email: DECIDER, role: 'decider' }, decisionTime(ctx, reviews));
  ctx.seeded.reviews += reviews.length;
  ctx.seeded.decisions += decided ? 1 : 0;
  ctx.seeded.throughAdapters += 1;
  ctx.seeded.ids.adapters.push(p.id);
  tallyShelves(ctx.seeded, readers, reviews, decided);
}

type Item = Record<string, unknown>;
interface Built {
  answers: Item[];
  status: Item[];
  audit: Item[];
}

/**
 * The same application's items as those calls leave them, built here to be written 25 at a time:
 * the answers item (its answers as the save stores them, the lock, the completeness, the index
 * entry, the readers, the reviews' marker, the status and the decision's copies, the committee's
 * mark), the reviews and the decision beside it, its status history, and its pointers on the
 * readers' shelves, the open pool and the committee. The rules are the domain's (readers by the
 * assignment rules on an in-memory turn, the committee's disagreement, the decision's plan); the
 * dashboard's cells are the recount's to write. The first applications go through the adapters
 * and the run compares the attributes of both (sameShape).
 */
async function built(ctx: SeedContext, p: Planned, turns: Map<number, number>, out: Built): Promise<void> {
  // The store's turn counter (reading-store.ts nextTurn) kept in memory, written once at the end.
  const nextTurn = (rule: number, step: number): Promise<number> => {
    const before = turns.get(rule) ?? 0;
    turns.set(rule, before + step);
    return Promise.resolve(before);
  };
  const readers = await readersFor({ reading: { nextTurn } }, reading, applicantOf(p.answers));
  const reviews = reviewsOf(ctx, p, readers);
  const decided = p.shape.decide && reviews.length >= 2;
  const submittedAt = p.at.toISOString();
  const pointer = pointerOf({ id: p.id, reference: p.reference, submittedAt, name: [p.answers.first_name, p.answers.last_name].filter(Boolean).join(' ') });
  const committee = reviews.length >= 2 && disagreement(reviews, reading) !== undefined;
  let lastChange = p.at;
  const history: Item[] = [];
  const change = (to: OfficeStatus, from: OfficeStatus, at: Date, staff: string, what: string) => {
    const seq = history.length + 1;
    history.push({ pk: historyPk(p.id), sk: `change#${String(seq).padStart(6, '0')}`, seq, at: at.toISOString(), staff, from, to, what });
    lastChange = at;
  };
  const item: Item = {
    pk: p.id,
    sk: SK.answers,
    updatedAt: submittedAt,
    [DASHBOARD_STARTED.attribute]: p.placement.cycle,
    ...Object.fromEntries(Object.entries(p.answers).map(([k, v]) => [`${ANSWER_PREFIX}${k}`, v])),
    ...(p.placement.answerRound ? { [`${ANSWER_PREFIX}${ROUND_KEY}`]: p.placement.round, [`${ANSWER_PREFIX}${ROUND_KEY}_desc`]: p.placement.roundLabel } : {}),
    submittedAt,
    reference: p.reference,
    cycle: p.placement.cycle,
    round: p.placement.round,
    late: p.placement.late,
    [MATERIALS_ATTRIBUTES.marks]: {},
    [MATERIALS_ATTRIBUTES.version]: 1,
    [MATERIALS_ATTRIBUTES.complete]: p.shape.complete,
    [SUBMISSIONS_INDEX_KEYS.partition]: 'submitted',
    [SUBMISSIONS_INDEX_KEYS.sort]: `${submittedAt}#${p.id}`,
    // The list's other orders (domain/staff/sort-keys.ts): as the submission and each review save write them.
    [NAME_INDEX_KEYS.sort]: nameSortKey(p.answers, p.id),
    [SCORE_INDEX_KEYS.sort]: scoreSortKey(reviews, p.id, { blind: isBlindRound(timetable, p.placement), readsRequired: reading.readsRequired }),
    applicant_email: p.email.toLowerCase(),
    search_text: searchText(p.answers, p.email.toLowerCase(), p.reference),
    [READING_ATTRIBUTES.readers]: readers.length ? new Set(readers) : [],
  };
  for (const r of reviews) out.answers.push({ pk: p.id, sk: `review#${r.reviewer}`, ...r });
  if (reviews.length) {
    item.reviewed_by = new Set(reviews.map((r) => r.reviewer));
    change('in_review', 'submitted', new Date(reviews[0]!.updated_at), reviews[0]!.reviewer, historyLine(transition('review')));
  }
  if (decided) {
    const at = decisionTime(ctx, reviews);
    const planned = planDecision({ id: p.id, status: 'in_review' }, { decision: p.decision, note: '', reason: '' }, { email: DECIDER, role: 'decider' }, at);
    out.answers.push({ pk: p.id, sk: 'decision', ...planned.record });
    if (planned.kind === 'change' && planned.history) change(planned.history.to, 'in_review', at, DECIDER, planned.history.what);
    Object.assign(item, { office_decision: planned.record.decision, office_decision_version: planned.record.version });
  }
  const last = history.at(-1);
  if (last) Object.assign(item, { office_status: last.to, office_seq: last.seq });
  if (committee) item[READING_ATTRIBUTES.committee] = true;
  item[CHANGES_INDEX_KEYS.sort] = changeKey(p.id, lastChange);
  out.answers.push(item);
  out.audit.push(...history);
  const shelf = (name: string): Item => ({ pk: readingPk(name), sk: `${submittedAt}#${p.id}`, ...pointer });
  if (!decided) for (const reader of readers) if (!reviews.some((r) => r.reviewer === reader)) out.status.push(shelf(`reader#${reader}`));
  if (!decided && readers.length < reading.readsRequired && reviews.length < reading.readsRequired) out.status.push(shelf('open'));
  if (committee) out.status.push(shelf('committee'));
  ctx.seeded.reviews += reviews.length;
  ctx.seeded.decisions += decided ? 1 : 0;
  tallyShelves(ctx.seeded, readers, reviews, decided);
  if (ctx.seeded.ids.built.length < THROUGH_ADAPTERS) ctx.seeded.ids.built.push(p.id);
}

/** Items written 25 to a request (BatchWriteItem), what DynamoDB leaves unprocessed sent again. */
async function writeAll(table: string, items: readonly Item[], limit: LimitFunction): Promise<void> {
  const batches: Item[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  await Promise.all(
    batches.map((batch) =>
      limit(async () => {
        let pending: BatchWriteCommandInput['RequestItems'] = { [table]: batch.map((Item) => ({ PutRequest: { Item } })) };
        while (pending && Object.keys(pending).length > 0)
          pending = (await dynamoClient().send(new BatchWriteCommand({ RequestItems: pending }))).UnprocessedItems;
      }),
    ),
  );
}

/** Applications seeded through the adapters before the rest are built. */
const THROUGH_ADAPTERS = 40;
/** Applications built before their items are written: memory stays flat whatever N. */
const CHUNK = 250;

export async function seed(n: number, log: (line: string) => void): Promise<Seeded> {
  const now = new Date();
  const windows = submissionWindows(now);
  if (windows.length === 0) throw new Error('no cycle of the timetable has opened: nothing can be submitted today');
  const seeded: Seeded = { submitted: 0, throughAdapters: 0, refused: 0, reviews: 0, decisions: 0, shelves: new Map(), ids: { adapters: [], built: [] } };
  const ctx: SeedContext = { n, now, windows, run: Date.now().toString(36), lookups: await shippedLookups(), seeded };
  const started = Date.now();
  const guided = Math.min(n, THROUGH_ADAPTERS);
  let next = 0;
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < guided) {
        const p = plan(ctx, next++);
        if (p) await throughAdapters(ctx, p);
      }
    }),
  );
  const { answersTable, statusTable, auditTable } = config();
  const limit = pLimit(AT_ONCE);
  const turns = new Map<number, number>();
  let writing: Promise<unknown> = Promise.resolve();
  for (let from = guided; from < n; from += CHUNK) {
    const out: Built = { answers: [], status: [], audit: [] };
    for (let index = from; index < Math.min(n, from + CHUNK); index++) {
      const p = plan(ctx, index);
      if (p) await built(ctx, p, turns, out);
    }
    // The previous chunk's writes finish while this one was built.
    await writing;
    writing = Promise.all([writeAll(answersTable, out.answers, limit), writeAll(statusTable, out.status, limit), writeAll(auditTable, out.audit, limit)]);
    if (Math.floor((from + CHUNK) / 1000) > Math.floor(from / 1000))
      log(`  seeded ${Math.min(n, from + CHUNK)}/${n} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  await writing;
  // The rules' turns as the adapters' calls would have left them.
  for (const [rule, step] of turns) await readingStore.nextTurn(rule, step);
  seeded.submitted = n - seeded.refused;
  return seeded;
}

/**
 * The attribute names (answers aside) of the items of the applications seeded through the adapters
 * and of as many built ones, by item kind and shape: the same, or what differs. The dashboard's
 * counted cells are left out (the recount writes them on both).
 */
export async function sameShape(ids: { adapters: readonly string[]; built: readonly string[] }): Promise<string> {
  const { answersTable, auditTable } = config();
  const kind = (sk: unknown) => String(sk).replace(/#.*$/, '');
  const shapesOf = async (group: readonly string[]): Promise<Set<string>> => {
    const shapes = new Set<string>();
    for (const id of group) {
      for (const [table, pk] of [
        [answersTable, id],
        [auditTable, historyPk(id)],
      ] as const) {
        const out = await dynamoClient().send(
          new QueryCommand({ TableName: table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } }),
        );
        for (const item of out.Items ?? []) {
          const names = Object.keys(item).filter((a) => !a.startsWith(ANSWER_PREFIX) && a !== COUNTED_ATTRIBUTE);
          shapes.add(`${kind(item.sk)}: ${names.sort().join(' ')}`);
        }
      }
    }
    return shapes;
  };
  const [adapters, built] = await Promise.all([shapesOf(ids.adapters), shapesOf(ids.built)]);
  const onlyAdapters = [...adapters].filter((s) => !built.has(s));
  const onlyBuilt = [...built].filter((s) => !adapters.has(s));
  if (!onlyAdapters.length && !onlyBuilt.length) return `the same attributes, item by item kind and shape (${adapters.size} shapes)`;
  return `NOT the same attributes: only through the adapters ${onlyAdapters.join(' | ') || '-'}; only built ${onlyBuilt.join(' | ') || '-'}`;
}

/** One row: the route's times, its baseline's (the waves of recorded calls sent straight, each wave at once), the calls and units per request. */
interface Row {
  route: Summary;
  raw: Summary;
  calls: number;
  replayed: number;
  readUnits: number;
  /** Read units per request of each wave of the baseline (where a route's units go). */
  waveUnits: number[];
  extra?: Summary;
}

/**
 * `runs` requests (after `warmup` unmeasured), each followed by its baseline: the calls `waves`
 * picks of those the request made, each wave sent at once and the waves one after another; with
 * `extra`, one more baseline timed in the same loop; `before`, untimed, before each request.
 */
async function measure(
  db: Raw,
  runs: number,
  request: () => Promise<{ status: number; body: unknown }>,
  waves: (calls: readonly Recorded[]) => Recorded[][],
  extra?: () => Promise<unknown>,
  before?: () => Promise<unknown>,
): Promise<Row> {
  for (let i = 0; i < Math.min(5, runs); i++) {
    await before?.();
    const res = await request();
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  }
  const routeMs: number[] = [];
  const rawMs: number[] = [];
  const extraMs: number[] = [];
  const capacity: Capacity = { read: 0, write: 0, writes: 0 };
  const waveUnits: number[] = [];
  let calls = 0;
  let replayed = 0;
  for (let i = 0; i < runs; i++) {
    await before?.();
    startRecording();
    const started = performance.now();
    const res = await request();
    routeMs.push(performance.now() - started);
    const made = stopRecording();
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    calls += made.length;
    const picked = waves(made);
    replayed += picked.flat().length;
    const raw = performance.now();
    for (const [w, wave] of picked.entries()) {
      const before = capacity.read;
      await Promise.all(wave.map((c) => send(db, c, capacity)));
      waveUnits[w] = (waveUnits[w] ?? 0) + capacity.read - before;
    }
    rawMs.push(performance.now() - raw);
    if (extra) {
      const t = performance.now();
      await extra();
      extraMs.push(performance.now() - t);
    }
  }
  return {
    route: summarise(routeMs),
    raw: summarise(rawMs),
    calls: calls / runs,
    replayed: replayed / runs,
    readUnits: capacity.read / runs,
    waveUnits: waveUnits.map((u) => u / runs),
    ...(extra ? { extra: summarise(extraMs) } : {}),
  };
}

const isQuery = (c: Recorded) => /^Query/.test(c.command);
const isGet = (c: Recorded) => /^Get(Item)?Command$/.test(c.command);
const isCount = (c: Recorded) => c.input.Select === 'COUNT';
const onTable = (c: Recorded, table: string) => c.input.TableName === table;

function printRow(name: string, baseline: string, row: Row, waveNames?: readonly string[], measured = 'the route over HTTP'): void {
  const r50 = row.route.p50 / row.raw.p50;
  const r95 = row.route.p95 / row.raw.p95;
  console.log(`  ${name}`);
  console.log(`    ${measured.padEnd(32)} p50 ${ms(row.route.p50).padStart(10)}  p95 ${ms(row.route.p95).padStart(10)}`);
  console.log(
    `    ${baseline.padEnd(32)} p50 ${ms(row.raw.p50).padStart(10)}  p95 ${ms(row.raw.p95).padStart(10)}  ratio p50 ${r50.toFixed(2)}×  p95 ${r95.toFixed(2)}×`,
  );
  console.log(
    `    per request: ${row.calls.toFixed(1)} DynamoDB requests (${row.replayed.toFixed(1)} of them replayed), ${row.readUnits.toFixed(1)} read capacity units replayed${waveNames ? `: ${waveNames.map((w, i) => `${(row.waveUnits[i] ?? 0).toFixed(1)} ${w}`).join(', ')}` : ''}`,
  );
}

export async function run(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const n = numberArg(argv, /applicants|n/, Number(process.env.BENCH_OFFICE_N ?? 20_000));
  const runs = numberArg(argv, /runs/, Number(process.env.BENCH_OFFICE_RUNS ?? 100));
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-office-'));
  const stack = await startStack({ port: 0, dataDir, quiet: true });
  const db = rawClients(stack.dynamodbEndpoint);
  try {
    console.log(
      `\n== the office at volume: ${n} submitted applications; the list, a reader's queue and the dashboard beside their own DynamoDB calls sent straight ==`,
    );
    const seedStart = Date.now();
    const seeded = await seed(n, console.log);
    const seedSeconds = (Date.now() - seedStart) / 1000;
    console.log(
      `  seeded ${seeded.submitted} submitted applications in ${seedSeconds.toFixed(1)} s: ${seeded.throughAdapters} through the store adapters and use-cases, the rest built as they write them, 25 to a BatchWriteItem (${seeded.reviews} reviews, ${seeded.decisions} decisions${seeded.refused ? `; ${seeded.refused} refused by the timetable` : ''})`,
    );
    const recountStart = Date.now();
    const recount = await recountDashboard();
    console.log(
      `  dashboard recounted as \`npm run dashboard -- recount\` does in ${((Date.now() - recountStart) / 1000).toFixed(1)} s: ${recount.applications} applications, ${recount.counterItems} counter items`,
    );
    console.log(`  built and adapter-written items: ${await sameShape(seeded.ids)}`);

    const [reader, shelf] = [...seeded.shelves].sort((a, b) => b[1] - a[1])[0] ?? [];
    if (!reader) throw new Error('no reader was assigned anything: the configuration has no assignment rule');
    const decider: StaffClient = await signedInStaff(stack.url, DECIDER, 'decider');
    const { answersTable, statusTable } = config();
    console.log(`  ${runs} requests a row after 5 unmeasured, each followed by its baseline`);

    for (const c of LIST_CASES) {
      const row = await measure(
        db,
        runs,
        () => decider.get(listPath(c)),
        // Whichever index the case's sort reads (the submissions index newest first): its queries, one after another as the route reads on.
        (calls) => {
          const queries = calls.filter((call) => isQuery(call) && onTable(call, answersTable));
          if (!queries.length) throw new Error(`GET ${listPath(c)} made no query of the answers table: the bench's baseline needs a new shape`);
          return queries.map((call) => [call]);
        },
      );
      const goal = verdict(row.route.p95, row.raw.p95);
      printRow(`GET ${listPath(c)}  (${c.name})`, 'its index queries, replayed', row);
      console.log(`    goal, p95 against its queries: ${verdictText(goal)}`);
    }

    // Signed in now, not with the decider: on a busy machine the lists take longer than a staff session may sit idle.
    const readerClient = await signedInStaff(stack.url, reader, 'reader');
    const queue = await measure(
      db,
      runs,
      () => readerClient.get('/staff/api/queue'),
      (calls) => [
        calls.filter((c) => isQuery(c) && onTable(c, statusTable) && !isCount(c)),
        calls.filter((c) => isGet(c) && onTable(c, answersTable)),
        calls.filter((c) => isQuery(c) && onTable(c, statusTable) && isCount(c)),
      ],
    );
    printRow(`GET /staff/api/queue  (a reader with ${shelf} assigned applications unread)`, 'its queries and reads, replayed', queue, [
      'the shelves’ pages',
      'the page’s applications',
      'the counts',
    ]);

    const cycle = officeCycle(timetable, new Date());
    const oneGet = () => db.doc.send(new GetCommand({ TableName: statusTable, Key: { pk: dashboardCyclePk(cycle?.id ?? ''), sk: DASHBOARD_STARTED.item } }));
    // The route's calls in its order: the change number, then the counters' queries together (none when it answers from its kept reply).
    const dashboardWaves = (calls: readonly Recorded[]) => [
      calls.filter((c) => /^BatchGet/.test(c.command)),
      calls.filter((c) => isQuery(c) && onTable(c, statusTable)),
    ];
    // A counted change between two requests, untimed: what every counting write raises after its ADDs.
    const counted = () =>
      db.doc.send(
        new UpdateCommand({
          TableName: statusTable,
          Key: DASHBOARD_VERSION_KEY,
          UpdateExpression: 'ADD #v :one',
          ExpressionAttributeNames: { '#v': DASHBOARD_VERSION_FIELD },
          ExpressionAttributeValues: { ':one': 1 },
        }),
      );
    const dashboardCases = [
      { name: 'unchanged since the last request', before: undefined },
      { name: 'a counted change before each request', before: counted },
    ];
    for (const d of dashboardCases) {
      const overHttp = await measure(db, runs, () => decider.get('/staff/api/dashboard'), dashboardWaves, oneGet, d.before);
      const handler = await measure(db, runs, handlerGet(stack.url, decider, 'readDashboard', '/staff/api/dashboard'), dashboardWaves, oneGet, d.before);
      printRow(`GET /staff/api/dashboard  (as a decider, ${d.name})`, 'its reads, replayed', overHttp, ['the change number', 'the counters']);
      console.log(`    its handler, as the Lambda runtime calls it  p50 ${ms(handler.route.p50).padStart(10)}  p95 ${ms(handler.route.p95).padStart(10)}`);
      const get = overHttp.extra!;
      const getH = handler.extra!;
      console.log(
        `    one GetItem of one counter item  p50 ${ms(get.p50).padStart(10)}  p95 ${ms(get.p95).padStart(10)}  (beside the handler: p95 ${ms(getH.p95)})`,
      );
      console.log(
        `    goal, the handler's p95 against one GetItem: ${verdictText(verdict(handler.route.p95, getH.p95))}; over HTTP: ${verdict(overHttp.route.p95, get.p95).ratio.toFixed(2)}×`,
      );
    }
  } finally {
    db.base.destroy();
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

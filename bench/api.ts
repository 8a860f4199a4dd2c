/**
 * PUT /api/answer and GET /api/profile through the local HTTP server, beside the raw DynamoDB
 * calls for the same data on the same dynalite, in the same run. The save's baseline is the very
 * conditional UpdateItem the handler sends (built by the adapter's mergeCommand), so the ratio is
 * what the HTTP front, the session check, parsing and the pipeline add. Two saves: 150 answers
 * (a whole application, no checked keys), and the few keys a real save carries, each with the
 * value it replaces (the per-key conflict conditions). Budget: the handler within 1.5× of its
 * baseline at p50 and p99; the profile within 2.0× of its two reads. The stack runs in its own
 * process, as `npm start`.
 */
import { pathToFileURL } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { allAnswerKeys } from '#form';
import { mergeCommand } from '#adapters/store/answers-store';
import type { AnswerSave } from '#domain/ports/answers';
import { registeredApplicant } from '#test/support/client';
import { startChildStack } from '#test/support/child-stack';
import { report, summarise, time } from './stats';

const N = Number(process.env.BENCH_N ?? 1000);
export const SAVE_BUDGET = 1.5;
export const PROFILE_BUDGET = 2.0;

/** The keys of a typical page save, each sent with the value the browser started from. */
const REAL_SAVE_KEYS = ['first_name', 'middle_name', 'last_name', 'suffix', 'preferred_name'];

export async function run(): Promise<void> {
  const stack = await startChildStack();
  try {
    const applicant = await registeredApplicant(stack.url);
    // Its own applicant and item: the whole-application save rewrites the same keys.
    const pageSaver = await registeredApplicant(stack.url);
    const keys = allAnswerKeys.slice(0, 150);
    const answers = Object.fromEntries(keys.map((k, i) => [k, `answer ${i} ${'x'.repeat(12)}`]));
    const realKeys = REAL_SAVE_KEYS.filter((k) => allAnswerKeys.includes(k));
    // The stored values equal the sent ones after the first save; the condition accepts that ("already the new value").
    const real: AnswerSave = { answers: Object.fromEntries(realKeys.map((k) => [k, `new ${k}`])), base: Object.fromEntries(realKeys.map((k) => [k, `old ${k}`])) };
    const db = DynamoDBDocumentClient.from(
      new DynamoDBClient({ endpoint: stack.dynamodbEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
    );
    const rawWhole = () => db.send(mergeCommand('bench-raw', { answers, base: {} }, new Date()));
    const rawReal = () => db.send(mergeCommand('bench-raw-page', real, new Date()));
    const rawGet = () => db.send(new GetCommand({ TableName: 'answers', Key: { pk: 'bench-raw', sk: 'answers' }, ConsistentRead: true }));
    const rawProfileReads = () =>
      Promise.all([
        db.send(new QueryCommand({ TableName: 'answers', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'bench-raw' }, ConsistentRead: true })),
        db.send(new GetCommand({ TableName: 'status', Key: { pk: 'bench-raw', sk: 'status' }, ConsistentRead: true })),
      ]);
    const saveWhole = async () => {
      const res = await applicant.put('/api/answer', answers);
      if (res.status !== 200) throw new Error(`save ${res.status}`);
    };
    const saveReal = async () => {
      const res = await pageSaver.put('/api/answer', { ...real.answers, base: real.base });
      if (res.status !== 200) throw new Error(`save ${res.status} ${JSON.stringify(res.body)}`);
    };
    const profile = async () => {
      const res = await applicant.get('/api/profile');
      if (res.status !== 200) throw new Error(`profile ${res.status}`);
    };

    // Both start from the values the checked keys will keep.
    await db.send(mergeCommand('bench-raw-page', { answers: real.answers, base: {} }, new Date()));
    await pageSaver.put('/api/answer', real.answers);

    // Interleaved rounds, so drift in machine load touches baseline and candidate alike.
    const samples = { rawWhole: [] as number[], saveWhole: [] as number[], rawReal: [] as number[], saveReal: [] as number[], rawGet: [] as number[], profile: [] as number[], rawReads: [] as number[] };
    const rounds = 5;
    for (let r = 0; r < rounds; r++) {
      const warm = r === 0 ? 50 : 5;
      samples.rawWhole.push(...(await time(rawWhole, N / rounds, warm)));
      samples.saveWhole.push(...(await time(saveWhole, N / rounds, warm)));
      samples.rawReal.push(...(await time(rawReal, N / rounds, warm)));
      samples.saveReal.push(...(await time(saveReal, N / rounds, warm)));
      samples.rawGet.push(...(await time(rawGet, N / rounds, warm)));
      samples.profile.push(...(await time(profile, N / rounds, warm)));
      samples.rawReads.push(...(await time(rawProfileReads, N / rounds, warm)));
    }
    db.destroy();

    console.log(`\n== API through the local HTTP server vs the same DynamoDB calls on the same dynalite (${N} sequential calls each) ==`);
    console.log(report("the handler's UpdateItem, 150 answers (baseline)", summarise(samples.rawWhole)));
    console.log(report('PUT /api/answer, 150 answers', summarise(samples.saveWhole), summarise(samples.rawWhole), SAVE_BUDGET));
    console.log(report(`the handler's UpdateItem, ${realKeys.length} checked keys (baseline)`, summarise(samples.rawReal)));
    console.log(report(`PUT /api/answer, ${realKeys.length} keys with their base`, summarise(samples.saveReal), summarise(samples.rawReal), SAVE_BUDGET));
    // The profile's data lives in two tables (answers + documents, status): its raw baseline is
    // those two reads. A single GetItem of the answers item is printed too, for reference.
    console.log(report('raw reads of the profile data (baseline)', summarise(samples.rawReads)));
    console.log(report('GET /api/profile', summarise(samples.profile), summarise(samples.rawReads), PROFILE_BUDGET));
    console.log(report('  for reference: one raw GetItem (answers)', summarise(samples.rawGet)));
    console.log(report('  GET /api/profile vs that one GetItem', summarise(samples.profile), summarise(samples.rawGet)));
  } finally {
    await stack.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();

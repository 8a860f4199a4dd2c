/**
 * PUT /api/answer and GET /api/profile beside the raw DynamoDB calls for the same data on the same
 * dynalite, in the same run. The save's baseline is the very conditional UpdateItem the handler
 * sends (built by the adapter's mergeCommand). Two saves: 150 answers (a whole application, no
 * checked keys), and the few keys a real save carries, each with the value it replaces (the
 * per-key conflict conditions).
 *
 * The save is measured twice. The handler itself, given the API Gateway event the local gateway
 * builds for the same request (local/api-gateway.ts), as the Lambda runtime calls it: the ratio is
 * what our code adds (the session check, parsing, the model's labels, the pipeline), and the
 * budget holds it within 1.5× of its baseline at p50 and p99. And through the local HTTP server,
 * for reference: that adds the test client's fetch and the development gateway, which AWS
 * replaces with API Gateway. The profile is within 2.0× of its two reads, through HTTP. The stack
 * runs in this process (its database and S3 in their own, as `npm start`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mergeCommand } from '#adapters/store/answers-store';
import type { AnswerSave } from '#domain/ports/answers';
import { allAnswerKeys } from '#form';
import { route } from '#lambdas/routes';
import { gatewayEvent, invokeSource } from '#local/api-gateway';
import { startStack } from '#local/stack';
import { registeredApplicant, type ApiClient } from '#test/support/client';
import { report, summarise, time } from './stats';

const N = Number(process.env.BENCH_N ?? 1000);
export const SAVE_BUDGET = 1.5;
export const PROFILE_BUDGET = 2.0;

/** The keys of a typical page save, each sent with the value the browser started from. */
const REAL_SAVE_KEYS = ['first_name', 'middle_name', 'last_name', 'suffix', 'preferred_name'];

/** The save's handler called as the Lambda runtime calls it, with the event API Gateway would build. */
function handlerSave(stack: { url: string }, client: ApiClient, body: unknown): () => Promise<void> {
  const row = route('saveAnswers');
  const url = new URL(row.path, stack.url);
  const headers = { host: url.host, 'content-type': 'application/json', cookie: client.cookieHeader };
  const payload = Buffer.from(JSON.stringify(body));
  return async () => {
    const event = gatewayEvent({ method: row.method, url, routeKey: `${row.method} ${row.path}`, headers, body: payload, pathParameters: {} });
    const res = await invokeSource(row, event);
    if (res.statusCode !== 200) throw new Error(`save ${res.statusCode} ${res.body}`);
  };
}

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-api-'));
  const stack = await startStack({ port: 0, dataDir, quiet: true });
  try {
    const applicant = await registeredApplicant(stack.url);
    // Its own applicant and item: the whole-application save rewrites the same keys.
    const pageSaver = await registeredApplicant(stack.url);
    const keys = allAnswerKeys.slice(0, 150);
    const answers = Object.fromEntries(keys.map((k, i) => [k, `answer ${i} ${'x'.repeat(12)}`]));
    const realKeys = REAL_SAVE_KEYS.filter((k) => allAnswerKeys.includes(k));
    // The stored values equal the sent ones after the first save; the condition accepts that ("already the new value").
    const real: AnswerSave = {
      answers: Object.fromEntries(realKeys.map((k) => [k, `new ${k}`])),
      base: Object.fromEntries(realKeys.map((k) => [k, `old ${k}`])),
    };
    const db = DynamoDBDocumentClient.from(
      new DynamoDBClient({ endpoint: stack.dynamodbEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
    );
    const rawWhole = () => db.send(mergeCommand('bench-raw', { answers, base: {} }, new Date()));
    const rawReal = () => db.send(mergeCommand('bench-raw-page', real, new Date()));
    const rawGet = () => db.send(new GetCommand({ TableName: 'answers', Key: { pk: 'bench-raw', sk: 'answers' }, ConsistentRead: true }));
    const rawProfileReads = () =>
      Promise.all([
        db.send(
          new QueryCommand({
            TableName: 'answers',
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': 'bench-raw' },
            ConsistentRead: true,
          }),
        ),
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
    const handlerWhole = handlerSave(stack, applicant, answers);
    const handlerReal = handlerSave(stack, pageSaver, { ...real.answers, base: real.base });
    const profile = async () => {
      const res = await applicant.get('/api/profile');
      if (res.status !== 200) throw new Error(`profile ${res.status}`);
    };

    // Both start from the values the checked keys will keep.
    await db.send(mergeCommand('bench-raw-page', { answers: real.answers, base: {} }, new Date()));
    await pageSaver.put('/api/answer', real.answers);

    // Interleaved rounds, so drift in machine load touches baseline and candidate alike.
    const samples = {
      rawWhole: [] as number[],
      handlerWhole: [] as number[],
      saveWhole: [] as number[],
      rawReal: [] as number[],
      handlerReal: [] as number[],
      saveReal: [] as number[],
      rawGet: [] as number[],
      profile: [] as number[],
      rawReads: [] as number[],
    };
    const rounds = 5;
    for (let r = 0; r < rounds; r++) {
      const warm = r === 0 ? 50 : 5;
      samples.rawWhole.push(...(await time(rawWhole, N / rounds, warm)));
      samples.handlerWhole.push(...(await time(handlerWhole, N / rounds, warm)));
      samples.saveWhole.push(...(await time(saveWhole, N / rounds, warm)));
      samples.rawReal.push(...(await time(rawReal, N / rounds, warm)));
      samples.handlerReal.push(...(await time(handlerReal, N / rounds, warm)));
      samples.saveReal.push(...(await time(saveReal, N / rounds, warm)));
      samples.rawGet.push(...(await time(rawGet, N / rounds, warm)));
      samples.profile.push(...(await time(profile, N / rounds, warm)));
      samples.rawReads.push(...(await time(rawProfileReads, N / rounds, warm)));
    }
    db.destroy();

    console.log(`\n== the API's handlers vs the same DynamoDB calls on the same dynalite (${N} sequential calls each) ==`);
    console.log(report("the handler's UpdateItem, 150 answers (baseline)", summarise(samples.rawWhole)));
    console.log(report('PUT /api/answer handler, 150 answers', summarise(samples.handlerWhole), summarise(samples.rawWhole), SAVE_BUDGET));
    console.log(report('  through the local HTTP server (reference)', summarise(samples.saveWhole), summarise(samples.rawWhole)));
    console.log(report(`the handler's UpdateItem, ${realKeys.length} checked keys (baseline)`, summarise(samples.rawReal)));
    console.log(report(`PUT /api/answer handler, ${realKeys.length} keys with base`, summarise(samples.handlerReal), summarise(samples.rawReal), SAVE_BUDGET));
    console.log(report('  through the local HTTP server (reference)', summarise(samples.saveReal), summarise(samples.rawReal)));
    // The profile's data lives in two tables (answers + documents, status): its raw baseline is
    // those two reads. A single GetItem of the answers item is printed too, for reference.
    console.log(report('raw reads of the profile data (baseline)', summarise(samples.rawReads)));
    console.log(report('GET /api/profile', summarise(samples.profile), summarise(samples.rawReads), PROFILE_BUDGET));
    console.log(report('  for reference: one raw GetItem (answers)', summarise(samples.rawGet)));
    console.log(report('  GET /api/profile vs that one GetItem', summarise(samples.profile), summarise(samples.rawGet)));
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();

/**
 * Issue 2's budget: PUT /api/answer (150 answers) and GET /api/profile through the local HTTP
 * server, beside the raw DynamoDB calls for the same data (UpdateItem; Query + GetItem) on the
 * same dynalite, in the same run. Target: each ≤ 2.0× raw. The stack runs in its own process, as `npm start`.
 */
import { pathToFileURL } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { allAnswerKeys } from '../form';
import { registeredApplicant } from '../test/support/client';
import { startChildStack } from '../test/support/child-stack';
import { report, summarise, time } from './stats';

const N = Number(process.env.BENCH_N ?? 1000);

export async function run(): Promise<void> {
  const stack = await startChildStack();
  try {
    const applicant = await registeredApplicant(stack.url);
    const keys = allAnswerKeys.slice(0, 150);
    const answers = Object.fromEntries(keys.map((k, i) => [k, `answer ${i} ${'x'.repeat(12)}`]));
    const db = DynamoDBDocumentClient.from(
      new DynamoDBClient({ endpoint: stack.dynamodbEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
    );
    const names: Record<string, string> = {};
    const values: Record<string, string> = {};
    keys.forEach((k, i) => {
      names[`#k${i.toString(36)}`] = `a_${k}`;
      values[`:v${i.toString(36)}`] = answers[k]!;
    });
    const expression = `SET ${keys.map((_, i) => `#k${i.toString(36)} = :v${i.toString(36)}`).join(', ')}`;
    const rawUpdate = () => db.send(new UpdateCommand({ TableName: 'answers', Key: { pk: 'bench-raw', sk: 'answers' }, UpdateExpression: expression, ExpressionAttributeNames: names, ExpressionAttributeValues: values }));
    const rawGet = () => db.send(new GetCommand({ TableName: 'answers', Key: { pk: 'bench-raw', sk: 'answers' }, ConsistentRead: true }));
    const rawProfileReads = () =>
      Promise.all([
        db.send(new QueryCommand({ TableName: 'answers', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'bench-raw' }, ConsistentRead: true })),
        db.send(new GetCommand({ TableName: 'status', Key: { pk: 'bench-raw', sk: 'status' }, ConsistentRead: true })),
      ]);
    const save = async () => {
      const res = await applicant.put('/api/answer', answers);
      if (res.status !== 200) throw new Error(`save ${res.status}`);
    };
    const profile = async () => {
      const res = await applicant.get('/api/profile');
      if (res.status !== 200) throw new Error(`profile ${res.status}`);
    };

    // Interleaved rounds, so drift in machine load touches baseline and candidate alike.
    const samples = { rawUpdate: [] as number[], save: [] as number[], rawGet: [] as number[], profile: [] as number[], rawReads: [] as number[] };
    const rounds = 5;
    for (let r = 0; r < rounds; r++) {
      samples.rawUpdate.push(...(await time(rawUpdate, N / rounds, r === 0 ? 50 : 5)));
      samples.save.push(...(await time(save, N / rounds, r === 0 ? 50 : 5)));
      samples.rawGet.push(...(await time(rawGet, N / rounds, r === 0 ? 50 : 5)));
      samples.profile.push(...(await time(profile, N / rounds, r === 0 ? 50 : 5)));
      samples.rawReads.push(...(await time(rawProfileReads, N / rounds, r === 0 ? 50 : 5)));
    }
    db.destroy();

    console.log(`\n== API through the local HTTP server vs raw DynamoDB on the same dynalite (${N} sequential calls each, 150 answers) ==`);
    console.log(report('raw UpdateItem, 150 attributes (baseline)', summarise(samples.rawUpdate)));
    console.log(report('PUT /api/answer, 150 answers', summarise(samples.save), summarise(samples.rawUpdate), 2.0));
    // The profile's data lives in two tables (answers + documents, status): its raw baseline is
    // those two reads. A single GetItem of the answers item is printed too, for reference.
    console.log(report('raw reads of the profile data (baseline)', summarise(samples.rawReads)));
    console.log(report('GET /api/profile', summarise(samples.profile), summarise(samples.rawReads), 2.0));
    console.log(report('  for reference: one raw GetItem (answers)', summarise(samples.rawGet)));
    console.log(report('  GET /api/profile vs that one GetItem', summarise(samples.profile), summarise(samples.rawGet)));
  } finally {
    await stack.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await run();

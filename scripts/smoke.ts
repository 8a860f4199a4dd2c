/**
 * `npm run smoke -- --url https://apply.example.edu --aws`, right after a deploy (or
 * `npm run smoke -- --url http://localhost:3000` against `npm start`): one throwaway applicant
 * through the deployed site, as the web app goes: sign up, confirm, log in, answers, a png and
 * a docx uploaded and converted, submit, the application PDF rendered, downloaded and its text
 * checked; then everything it created is deleted.
 *
 * The only steps that differ between AWS and local are the two an operator does around the
 * journey: confirming the account (AWS: AdminConfirmSignUp on USER_POOL_ID, as no mailbox is
 * read; local: the code in the dev outbox) and deleting the account (AWS: AdminDeleteUser;
 * locally the identity provider keeps it). Its data goes the same way in both: every item keyed
 * by the applicant in the three tables, its reference, and its objects in the two buckets
 * (ANSWERS_TABLE, STATUS_TABLE, TABS_TABLE, UPLOADS_BUCKET, DOCUMENTS_BUCKET from the stack
 * outputs with --aws; the running local stack's endpoints otherwise).
 */
// First: the institution's configuration, before any module of form/ loads (config/installed.ts).
import '#config/installed';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { AdminConfirmSignUpCommand, AdminDeleteUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { DeleteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient, s3Client } from '#adapters/clients';
import { config, setConfig } from '#lambdas/config';
import { runningStack } from '#local/running';
import * as fixtures from '#test/fixtures/documents';
import { pdfText } from '#test/fixtures/pdf-text';
import { postToBucket, presign, waitForApplicationPdf, waitForConversion } from '#test/fixtures/upload';
import { completeApplication } from '#test/support/answers';
import { ApiClient, latestMail, uniqueEmail } from '#test/support/client';

const USAGE = 'usage: npm run smoke -- --url https://apply.example.edu [--aws] [--data-dir DIR]';
const PASSWORD = `Smoke-${Math.random().toString(36).slice(2, 10)}-7!`;

/** What differs between a deployment and the local stack: how the account is confirmed and removed. */
interface Operator {
  confirm(client: ApiClient, username: string): Promise<void>;
  deleteAccount(username: string): Promise<string>;
}

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`--aws needs ${name} (a stack output, see docs/deploy.md)`);
  return value;
}

function awsOperator(): Operator {
  const poolId = required('USER_POOL_ID');
  setConfig({
    answersTable: required('ANSWERS_TABLE'),
    statusTable: required('STATUS_TABLE'),
    tabsTable: required('TABS_TABLE'),
    uploadsBucket: required('UPLOADS_BUCKET'),
    documentsBucket: required('DOCUMENTS_BUCKET'),
  });
  const cognito = new CognitoIdentityProviderClient({ region: config().region });
  return {
    confirm: async (_client, username) => void (await cognito.send(new AdminConfirmSignUpCommand({ UserPoolId: poolId, Username: username }))),
    deleteAccount: async (username) => {
      await cognito.send(new AdminDeleteUserCommand({ UserPoolId: poolId, Username: username }));
      return `deleted the Cognito user ${username}`;
    },
  };
}

function localOperator(url: string, dataDir: string): Operator {
  const stack = runningStack(dataDir);
  if (!stack) throw new Error(`no running local stack on ${dataDir}: start it with npm start, or give --data-dir`);
  setConfig({ dynamodbEndpoint: stack.dynamodbEndpoint, s3Endpoint: stack.s3Endpoint });
  return {
    confirm: async (client, username) => {
      const res = await client.post('/public/confirm', { username, code: (await latestMail(url, username)).code });
      if (res.status !== 200) throw new Error(`confirm answered ${res.status} ${JSON.stringify(res.body)}`);
    },
    deleteAccount: () => Promise.resolve('the local identity provider keeps the account (it has no delete)'),
  };
}

/** Every item and object of one applicant, the same calls against AWS and the local servers. */
async function deleteData(sub: string, reference: string | undefined): Promise<number> {
  const c = config();
  let deleted = 0;
  for (const table of [c.answersTable, c.statusTable, c.tabsTable]) {
    const { Items = [] } = await dynamoClient().send(
      new QueryCommand({ TableName: table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': sub } }),
    );
    for (const item of Items as Array<{ pk: string; sk: string }>) {
      await dynamoClient().send(new DeleteCommand({ TableName: table, Key: { pk: item.pk, sk: item.sk } }));
      deleted += 1;
    }
  }
  if (reference) {
    await dynamoClient().send(new DeleteCommand({ TableName: c.answersTable, Key: { pk: `reference#${reference}`, sk: 'reference' } }));
    deleted += 1;
  }
  for (const [bucket, prefix] of [
    [c.uploadsBucket, `uploads/${sub}/`],
    [c.documentsBucket, `converted/${sub}/`],
    [c.documentsBucket, `applications/${sub}/`],
  ] as const) {
    const { Contents = [] } = await s3Client().send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
    if (Contents.length === 0) continue;
    await s3Client().send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: Contents.map((o) => ({ Key: o.Key! })) } }));
    deleted += Contents.length;
  }
  return deleted;
}

/** The browser's upload flow (test/fixtures/upload.ts), with a deployment's patience for the conversion. */
async function upload(client: ApiClient, answerKey: string, bytes: Uint8Array, fileName: string): Promise<string> {
  const presigned = await presign(client, answerKey);
  const posted = await postToBucket(presigned, bytes, fileName);
  check(posted < 300, `the upload to the bucket answered ${posted}`);
  const fileKey = presigned.fields.key!;
  const attached = await client.post(`/api/pdf/document-answer/${answerKey}`, { file_key: fileKey, file_name: fileName });
  check(attached.status === 200, `attaching ${fileName} answered ${attached.status}`);
  const settled = await waitForConversion(client, answerKey, 120_000);
  check(settled.status === 'COMPLETED', `the conversion of ${fileName} ended ${JSON.stringify(settled)}`);
  return fileKey;
}

function check(condition: unknown, what: string): asserts condition {
  if (!condition) throw new Error(what);
}

export async function smoke(url: string, operator: Operator, log: (line: string) => void): Promise<void> {
  const username = uniqueEmail('smoke');
  const marker = `Smoke${Date.now().toString(36)}`;
  const client = new ApiClient(url);
  let sub: string | undefined;
  let reference: string | undefined;
  try {
    check((await client.post('/public/signup', { username, password: PASSWORD })).status === 200, 'sign-up was refused');
    await operator.confirm(client, username);
    check((await client.post('/public/login', { username, password: PASSWORD })).status === 200, 'log-in was refused');
    log(`signed up, confirmed and logged in ${username}`);
    check((await client.put('/api/answer', { ...completeApplication(), first_name: marker, last_name: 'Smoke' })).status === 200, 'saving answers failed');
    sub = (await upload(client, 'hs_transcript', await fixtures.png(), 'transcript.png')).split('/')[1];
    await upload(client, 'resume', fixtures.docx([`Resume of ${marker}`]), 'resume.docx');
    log('uploaded and converted a png and a docx');
    const submitted = await client.post('/api/submit');
    check(submitted.status === 200, `submit answered ${submitted.status} ${JSON.stringify(submitted.body)}`);
    reference = (await client.get<{ reference?: string }>('/api/profile')).body.reference ?? undefined;
    const pdf = await waitForApplicationPdf(client, 180_000);
    check(pdf.status === 'COMPLETED' && pdf.url, `the application PDF ended ${JSON.stringify(pdf)}`);
    const res = await fetch(pdf.url);
    check(res.ok, `downloading the PDF answered ${res.status}`);
    const { text, pages } = await pdfText(new Uint8Array(await res.arrayBuffer()));
    check(text.includes(marker) && text.includes(`Resume of ${marker}`), 'the PDF does not carry the answers and the docx');
    log(`submitted (${reference ?? 'no reference'}); the application PDF has ${pages} pages with the answers and the documents`);
  } finally {
    if (sub) log(`deleted ${await deleteData(sub, reference)} items and objects of applicant ${sub}`);
    log(await operator.deleteAccount(username));
  }
}

export async function main(argv: string[], log: (line: string) => void = (l) => process.stdout.write(`  ${l}\n`)): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { url: { type: 'string' }, aws: { type: 'boolean', default: false }, 'data-dir': { type: 'string' } } });
  if (!values.url) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const url = values.url.replace(/\/$/, '');
  const operator = values.aws ? awsOperator() : localOperator(url, resolve(values['data-dir'] ?? process.env.DATA_DIR ?? '.data'));
  await smoke(url, operator, log);
  log(`smoke test passed against ${url}`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`  smoke test FAILED: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}

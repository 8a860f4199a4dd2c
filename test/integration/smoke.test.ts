/**
 * `npm run smoke`, the command an engineer runs right after a deploy, run as a command against
 * the local stack: the same journey and the same deletion of the applicant's data as against a
 * deployed URL (only confirming and removing the account differ: scripts/smoke.ts).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DynamoDBClient, QueryCommand } from '@aws-sdk/client-dynamodb';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { describe, expect, inject, it } from 'vitest';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

describe('npm run smoke', () => {
  it('carries a throwaway applicant to a checked application PDF and deletes its data', { timeout: 240_000 }, async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'scripts', 'smoke.ts'), '--url', inject('baseUrl'), '--data-dir', inject('dataDir')],
      { cwd: ROOT },
    );
    expect(stdout).toContain('uploaded and converted a png and a docx');
    expect(stdout).toMatch(/application PDF has \d+ pages with the answers and the documents/);
    expect(stdout).toContain('smoke test passed');
    const sub = /of applicant (\S+)/.exec(stdout)?.[1];
    expect(sub).toBeTruthy();

    const dynamo = new DynamoDBClient({ endpoint: inject('dynamodbEndpoint'), region: 'us-east-1', credentials });
    for (const table of ['answers', 'status', 'tabs']) {
      const { Items = [] } = await dynamo.send(
        new QueryCommand({ TableName: table, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': { S: sub! } } }),
      );
      expect(Items, table).toEqual([]);
    }
    const s3 = new S3Client({ endpoint: inject('s3Endpoint'), region: 'us-east-1', credentials, forcePathStyle: true });
    for (const [bucket, prefix] of [
      ['uploads', `uploads/${sub}/`],
      ['documents', `converted/${sub}/`],
      ['documents', `applications/${sub}/`],
    ] as const) {
      expect((await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }))).Contents ?? [], prefix).toEqual([]);
    }
  });

  it('says how to call it when the URL is missing', async () => {
    const failed = await run(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'smoke.ts')], { cwd: ROOT }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(failed).toMatchObject({ code: 2, stderr: expect.stringContaining('--url') });
  });
});

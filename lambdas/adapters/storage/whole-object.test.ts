import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setConfig } from '#lambdas/config';
import { sdkRequest } from '../sdk-request.test-support';
import { readWholeObject } from './signed-objects';

/** A stand-in S3 (path-style, as s3rver): one stored object, a refused key, everything else missing. */
const STORED = randomBytes(300_000);
const seen: Array<{ method: string; path: string; query: Record<string, string> }> = [];
let server: Server;
let endpoint: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3');
    seen.push({ method: req.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams) });
    if (url.pathname === '/documents/pdf/a%20b%2B%C3%A9.pdf') return res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(STORED.length) }).end(STORED);
    if (url.pathname === '/documents/refused.pdf') return res.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>AccessDenied</Code></Error>');
    return res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  setConfig({ region: 'us-east-1', s3Endpoint: endpoint });
});
afterAll(async () => {
  setConfig({});
  await new Promise((resolve) => server.close(resolve));
});

describe('a whole object read without the S3 client', () => {
  it('answers its bytes unchanged', async () => {
    const bytes = await readWholeObject('documents', 'pdf/a b+é.pdf');
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(bytes!).equals(STORED)).toBe(true);
  });

  it('answers undefined for a missing object and throws on a refusal', async () => {
    await expect(readWholeObject('documents', 'gone.pdf')).resolves.toBeUndefined();
    await expect(readWholeObject('documents', 'refused.pdf')).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
  });

  it('sends the request the S3 client sends for GetObject', async () => {
    seen.length = 0;
    await readWholeObject('documents', 'pdf/a b+é.pdf');
    const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, responseChecksumValidation: 'WHEN_REQUIRED' });
    const theirs = await sdkRequest(client, () => client.send(new GetObjectCommand({ Bucket: 'documents', Key: 'pdf/a b+é.pdf' })));
    expect(seen).toEqual([{ method: theirs.method, path: theirs.path, query: Object.fromEntries(Object.entries(theirs.query).map(([k, v]) => [k, String(v)])) }]);
  });
});

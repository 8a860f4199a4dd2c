import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setConfig } from '#lambdas/config';
import { asReceived, sdkRequest } from '../sdk-request.test-support';
import { listObjectKeys, readWholeObject } from './signed-objects';

/** A stand-in S3 (path-style, as s3rver): one stored object, a refused key, everything else missing; a listing in two pages. */
const STORED = randomBytes(300_000);
const seen: Array<{ method: string; path: string; query: Record<string, string> }> = [];
/** Two pages; the second asked for with the first's token (XML-escaped, as S3 sends it). */
const LISTING = (prefix: string, token: string | null) =>
  token === null
    ? `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>uploads</Name><Prefix>${prefix}</Prefix><KeyCount>2</KeyCount><IsTruncated>true</IsTruncated><NextContinuationToken>t&amp;2/=</NextContinuationToken><Contents><Key>${prefix}a &amp; b.pdf</Key><Size>1</Size></Contents><Contents><Key>${prefix}&lt;é&gt; &#39;x&#x27;.pdf</Key><Size>2</Size></Contents></ListBucketResult>`
    : token === 't&2/='
      ? `<ListBucketResult><IsTruncated>false</IsTruncated><Contents><Key>${prefix}last.pdf</Key></Contents></ListBucketResult>`
      : '<ListBucketResult><IsTruncated>false</IsTruncated></ListBucketResult>';
let server: Server;
let endpoint: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3');
    seen.push({ method: req.method ?? '', path: url.pathname, query: Object.fromEntries(url.searchParams) });
    if (url.pathname === '/uploads/' && url.searchParams.get('list-type') === '2')
      return res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(LISTING(url.searchParams.get('prefix') ?? '', url.searchParams.get('continuation-token')));
    if (url.pathname === '/refused/' && url.searchParams.get('list-type') === '2') return res.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>');
    if (url.pathname === '/documents/pdf/a%20b%2B%C3%A9.pdf')
      return res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(STORED.length) }).end(STORED);
    if (url.pathname === '/documents/refused.pdf')
      return res.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>AccessDenied</Code></Error>');
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
    const client = new S3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    const theirs = await sdkRequest(client, () => client.send(new GetObjectCommand({ Bucket: 'documents', Key: 'pdf/a b+é.pdf' })));
    expect(seen).toEqual([asReceived(theirs)]);
  });
});

describe('a listing without the S3 client', () => {
  it('answers every key under the prefix, over the pages, decoded', async () => {
    await expect(listObjectKeys('uploads', 'sub-1/')).resolves.toEqual(['sub-1/a & b.pdf', "sub-1/<é> 'x'.pdf", 'sub-1/last.pdf']);
    await expect(listObjectKeys('refused', 'sub-1/')).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
  });

  it('sends the requests the S3 client sends for ListObjectsV2', async () => {
    seen.length = 0;
    await listObjectKeys('uploads', 'sub 1/é');
    // One client per request: each capture stays on the stack of the client it was added to.
    const page = async (token?: string) => {
      const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
      return asReceived(
        await sdkRequest(client, () => client.send(new ListObjectsV2Command({ Bucket: 'uploads', Prefix: 'sub 1/é', ContinuationToken: token }))),
      );
    };
    expect(seen).toEqual([await page(), await page('t&2/=')]);
  });
});

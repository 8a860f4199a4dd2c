import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CompleteMultipartUploadCommand, CreateMultipartUploadCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import type { HttpRequest } from '@smithy/core/protocols';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setConfig } from '#lambdas/config';
import { sdkRequest } from '../sdk-request.test-support';
import { PART_BYTES, StreamedObject } from './streamed-object';

/** What the stand-in S3 was sent: method, path, query and body of each request. */
interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  contentType: string | undefined;
  body: string;
}

let server: Server;
let endpoint: string;
const seen: Seen[] = [];
let completeAnswer = '<CompleteMultipartUploadResult><ETag>"whole"</ETag></CompleteMultipartUploadResult>';

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void bodyOf(req).then((body) => {
      const url = new URL(req.url ?? '/', 'http://s3');
      seen.push({
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        contentType: req.headers['content-type'],
        body: body.length > 2000 ? `${body.length} bytes` : body.toString(),
      });
      if (url.searchParams.has('uploads'))
        return res
          .writeHead(200)
          .end(
            '<?xml version="1.0"?><InitiateMultipartUploadResult><Bucket>exports</Bucket><Key>k</Key><UploadId>up&amp;1</UploadId></InitiateMultipartUploadResult>',
          );
      if (url.searchParams.has('partNumber')) return res.writeHead(200, { etag: `"etag-${url.searchParams.get('partNumber')}"` }).end();
      if (req.method === 'POST') return res.writeHead(200).end(completeAnswer);
      return res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  setConfig({ region: 'us-east-1', s3Endpoint: endpoint });
});
afterEach(() => {
  seen.length = 0;
  completeAnswer = '<CompleteMultipartUploadResult><ETag>"whole"</ETag></CompleteMultipartUploadResult>';
});
afterAll(async () => {
  setConfig({});
  await new Promise((resolve) => server.close(resolve));
});

describe('an object streamed in parts, signed without the S3 client', () => {
  it('creates the upload, sends each part and completes it with the parts S3 named', async () => {
    const object = await StreamedObject.start('exports', 'exports/2026/export.csv', 'text/csv; charset=utf-8');
    await object.write('x'.repeat(PART_BYTES));
    await object.write('last part');
    await object.finish();
    expect(seen.map((s) => [s.method, s.path, s.query])).toEqual([
      ['POST', '/exports/exports/2026/export.csv', { uploads: '' }],
      ['PUT', '/exports/exports/2026/export.csv', { partNumber: '1', uploadId: 'up&1' }],
      ['PUT', '/exports/exports/2026/export.csv', { partNumber: '2', uploadId: 'up&1' }],
      ['POST', '/exports/exports/2026/export.csv', { uploadId: 'up&1' }],
    ]);
    expect(seen[0]!.contentType).toBe('text/csv; charset=utf-8');
    expect(seen[1]!.body).toBe(`${PART_BYTES} bytes`);
    expect(seen[2]!.body).toBe('last part');
    expect(seen[3]!.body).toContain(
      '<Part><ETag>&#34;etag-1&#34;</ETag><PartNumber>1</PartNumber></Part><Part><ETag>&#34;etag-2&#34;</ETag><PartNumber>2</PartNumber></Part>',
    );
  });

  it('fails when S3 answers the completion 200 with an error in the body, as the client does', async () => {
    completeAnswer = '<?xml version="1.0"?><Error><Code>InternalError</Code><Message>We encountered an internal error.</Message></Error>';
    const object = await StreamedObject.start('exports', 'k', 'application/json');
    await object.write('{}');
    await expect(object.finish()).rejects.toThrow('S3 CompleteMultipartUpload of exports failed: InternalError');
  });

  it('aborts the upload it started', async () => {
    const object = await StreamedObject.start('exports', 'k', 'application/json');
    await object.abort();
    expect(seen.at(-1)).toMatchObject({ method: 'DELETE', path: '/exports/k', query: { uploadId: 'up&1' } });
  });

  it('sends the requests the S3 client sends (method, path, query but its x-id, content type)', async () => {
    // One client per request: each capture stays on the stack of the client it was added to.
    const clientRequest = (command: CreateMultipartUploadCommand | UploadPartCommand | CompleteMultipartUploadCommand) => {
      const client = new S3Client({
        region: 'us-east-1',
        endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        requestChecksumCalculation: 'WHEN_REQUIRED',
      });
      // send() is overloaded per command type; any of the three serialises the same way.
      return sdkRequest(client, () => client.send(command as CreateMultipartUploadCommand));
    };
    const shape = (r: HttpRequest) => ({
      method: r.method,
      path: r.path,
      query: Object.fromEntries(Object.entries(r.query).filter(([k]) => k !== 'x-id')),
      contentType: r.headers['content-type'],
    });
    const theirs = [
      await clientRequest(new CreateMultipartUploadCommand({ Bucket: 'exports', Key: 'a b/c.csv', ContentType: 'text/csv' })),
      await clientRequest(new UploadPartCommand({ Bucket: 'exports', Key: 'a b/c.csv', UploadId: 'up&1', PartNumber: 1, Body: Buffer.from('x') })),
    ];
    const object = await StreamedObject.start('exports', 'a b/c.csv', 'text/csv');
    await object.write('x');
    await object.finish();
    const ours = seen.slice(0, 2).map((s) => ({ method: s.method, path: s.path, query: s.query, contentType: s.contentType }));
    expect(ours[0]).toEqual(shape(theirs[0]!));
    // A part's type is whatever the client's body detection says; S3 ignores it.
    expect({ ...ours[1], contentType: undefined }).toEqual({ ...shape(theirs[1]!), contentType: undefined });
    const completion = await clientRequest(
      new CompleteMultipartUploadCommand({
        Bucket: 'exports',
        Key: 'a b/c.csv',
        UploadId: 'up&1',
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: '"etag-1"' }] },
      }),
    );
    expect(seen[2]).toMatchObject({ method: shape(completion).method, path: shape(completion).path, query: shape(completion).query });
  });
});

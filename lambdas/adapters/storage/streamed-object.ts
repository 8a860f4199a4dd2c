/**
 * An object written piece by piece (S3 multipart upload): the staff exports stream page after
 * page of applications into it, so memory holds one part (5 MiB, S3's minimum) however many
 * applications there are, and the response is a short-lived link (./signed-objects.ts) instead of a body that would
 * hit the Lambda response limit. The calls are signed without the S3 client (its service model
 * alone would make the export routes' bundles a quarter larger): S3's REST API as the client
 * sends it, XML in and out.
 */
import { refused } from '../signed-request';
import { signedMultipartCall } from './signed-objects';

/** S3's smallest part (all but the last). */
export const PART_BYTES = 5 * 1024 * 1024;

interface CompletedPart {
  PartNumber: number;
  ETag: string;
}

const XML_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" };
const unescapeXml = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (entity) => XML_ENTITIES[entity] ?? entity);
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The text of an element of S3's XML answer, or undefined. */
function element(xml: string, name: string): string | undefined {
  const match = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml);
  return match ? unescapeXml(match[1] as string) : undefined;
}

/** S3 may answer CompleteMultipartUpload 200 with an error in the body (an internal error while it assembles the parts). */
function failed(call: string, bucket: string, reply: { status: number; body: string }): Error | undefined {
  if (reply.status !== 200) return refused(`S3 ${call} of ${bucket}`, reply.status);
  if (/<Error>/.test(reply.body))
    return Object.assign(new Error(`S3 ${call} of ${bucket} failed: ${element(reply.body, 'Code') ?? 'an error'}`), { $metadata: { httpStatusCode: 500 } });
  return undefined;
}

export class StreamedObject {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private readonly parts: CompletedPart[] = [];
  /** The most bytes held at once, for the tests that prove memory stays flat. */
  peakBuffered = 0;

  private constructor(
    private readonly bucket: string,
    private readonly key: string,
    private readonly uploadId: string,
  ) {}

  static async start(bucket: string, key: string, contentType: string): Promise<StreamedObject> {
    const reply = await signedMultipartCall('CreateMultipartUploadCommand', bucket, key, { query: { uploads: '' }, headers: { 'content-type': contentType } });
    const error = failed('CreateMultipartUpload', bucket, reply);
    if (error) throw error;
    const uploadId = element(reply.body, 'UploadId');
    if (!uploadId) throw new Error('S3 returned no upload id');
    return new StreamedObject(bucket, key, uploadId);
  }

  /** Text is written as UTF-8; bytes as they are (a ZIP archive's). */
  async write(chunk: string | Uint8Array): Promise<void> {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.chunks.push(bytes);
    this.buffered += bytes.length;
    this.peakBuffered = Math.max(this.peakBuffered, this.buffered);
    if (this.buffered >= PART_BYTES) await this.flushPart();
  }

  private async flushPart(): Promise<void> {
    const body = Buffer.concat(this.chunks);
    this.chunks = [];
    this.buffered = 0;
    const PartNumber = this.parts.length + 1;
    const reply = await signedMultipartCall('UploadPartCommand', this.bucket, this.key, {
      query: { partNumber: String(PartNumber), uploadId: this.uploadId },
      body,
    });
    const error = failed('UploadPart', this.bucket, reply);
    if (error) throw error;
    const etag = reply.headers.etag;
    if (!etag) throw new Error('S3 returned no ETag for an uploaded part');
    this.parts.push({ PartNumber, ETag: etag });
  }

  async finish(): Promise<void> {
    if (this.buffered > 0 || this.parts.length === 0) await this.flushPart();
    const parts = this.parts.map((p) => `<Part><ETag>${escapeXml(p.ETag)}</ETag><PartNumber>${p.PartNumber}</PartNumber></Part>`).join('');
    const body = Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><CompleteMultipartUpload xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${parts}</CompleteMultipartUpload>`,
      'utf8',
    );
    const reply = await signedMultipartCall('CompleteMultipartUploadCommand', this.bucket, this.key, {
      query: { uploadId: this.uploadId },
      headers: { 'content-type': 'application/xml' },
      body,
    });
    const error = failed('CompleteMultipartUpload', this.bucket, reply);
    if (error) throw error;
  }

  async abort(): Promise<void> {
    await signedMultipartCall('AbortMultipartUploadCommand', this.bucket, this.key, { query: { uploadId: this.uploadId } }).catch(() => undefined);
  }
}

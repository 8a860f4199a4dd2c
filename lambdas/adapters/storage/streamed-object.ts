/**
 * An object written piece by piece (S3 multipart upload): the staff exports stream page after
 * page of applications into it, so memory holds one part (5 MiB, S3's minimum) however many
 * applications there are, and the response is a short-lived link (./signed-objects.ts) instead of a body that would
 * hit the Lambda response limit.
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { s3Client } from '../clients';

/** S3's smallest part (all but the last). */
export const PART_BYTES = 5 * 1024 * 1024;

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
    const out = await s3Client().send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType }));
    if (!out.UploadId) throw new Error('S3 returned no upload id');
    return new StreamedObject(bucket, key, out.UploadId);
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
    const out = await s3Client().send(new UploadPartCommand({ Bucket: this.bucket, Key: this.key, UploadId: this.uploadId, PartNumber, Body: body, ContentLength: body.length }));
    this.parts.push({ PartNumber, ETag: out.ETag });
  }

  async finish(): Promise<void> {
    if (this.buffered > 0 || this.parts.length === 0) await this.flushPart();
    await s3Client().send(new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: this.key, UploadId: this.uploadId, MultipartUpload: { Parts: this.parts } }));
  }

  async abort(): Promise<void> {
    await s3Client()
      .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: this.key, UploadId: this.uploadId }))
      .catch(() => undefined);
  }
}

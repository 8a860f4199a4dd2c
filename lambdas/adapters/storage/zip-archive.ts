/**
 * A ZIP archive streamed into an object (./streamed-object.ts): fflate's streaming `Zip` hands
 * out each piece of the archive as a file is added, and the piece goes on to the multipart upload
 * at once, so memory holds the file being added and one part, never the archive.
 */
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { ArchiveWriter } from '#domain/data-rights/export';

export interface ByteSink {
  write(chunk: Uint8Array): Promise<void>;
}

export class ZipArchive implements ArchiveWriter {
  private readonly zip: Zip;
  private pending: Uint8Array[] = [];
  private failure: Error | undefined;
  private ended = false;

  constructor(private readonly sink: ByteSink) {
    this.zip = new Zip((error, chunk, final) => {
      if (error) this.failure = error;
      else this.pending.push(chunk);
      if (final) this.ended = true;
    });
  }

  /** Hands what the archive produced so far to the sink. */
  private async drain(): Promise<void> {
    if (this.failure) throw this.failure;
    const chunks = this.pending;
    this.pending = [];
    for (const chunk of chunks) await this.sink.write(chunk);
  }

  async add(name: string, bytes: Uint8Array, compress: boolean): Promise<void> {
    const file = compress ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
    this.zip.add(file);
    file.push(bytes, true);
    await this.drain();
  }

  /** Writes the central directory; the archive is complete once this resolves. */
  async finish(): Promise<void> {
    this.zip.end();
    await this.drain();
    if (!this.ended) throw new Error('the ZIP archive did not end');
  }
}

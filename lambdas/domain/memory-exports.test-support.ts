/** The exports bucket in memory for the export use-cases' unit tests: objects finished or aborted, and the links handed out. */
import type { ExportsBucket, StreamedUpload } from './ports/exports';

export class MemoryExports implements ExportsBucket {
  /** Finished objects: key → content type and what was written. */
  readonly objects = new Map<string, { contentType: string; chunks: Array<string | Uint8Array> }>();
  readonly aborted: string[] = [];
  readonly links: string[] = [];
  /** Every call in order: `start:<key>`, `finish:<key>`, `abort:<key>`, `presign:<key>`. */
  readonly journal: string[] = [];

  start(key: string, contentType: string): Promise<StreamedUpload> {
    this.journal.push(`start:${key}`);
    const chunks: Array<string | Uint8Array> = [];
    return Promise.resolve({
      write: (chunk) => Promise.resolve(void chunks.push(chunk)),
      finish: () => {
        this.journal.push(`finish:${key}`);
        this.objects.set(key, { contentType, chunks });
        return Promise.resolve();
      },
      abort: () => {
        this.journal.push(`abort:${key}`);
        this.aborted.push(key);
        return Promise.resolve();
      },
    });
  }

  presign(key: string, fileName: string): Promise<string> {
    this.journal.push(`presign:${key}`);
    const link = `https://exports/${key}?as=${fileName}`;
    this.links.push(link);
    return Promise.resolve(link);
  }
}

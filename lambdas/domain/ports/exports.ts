/**
 * The exports bucket as the export use-cases need it: an object written piece by piece (a
 * multipart upload, so no export is ever held whole), then handed out by a short-lived link.
 * The bucket expires what is in it. Adapter: adapters/storage/exports-bucket.ts.
 */

export interface StreamedUpload {
  /** Text is written as UTF-8; bytes as they are (a ZIP archive's). */
  write(chunk: string | Uint8Array): Promise<void>;
  /** Completes the object from the parts written. */
  finish(): Promise<void>;
  /** Gives up the upload: none of what was written becomes an object. */
  abort(): Promise<void>;
}

export interface ExportsBucket {
  start(key: string, contentType: string): Promise<StreamedUpload>;
  /** A short-lived link that downloads the object as `fileName`. */
  presign(key: string, fileName: string, contentType: string): Promise<string>;
}

/** The exports' one way of writing an object: streamed, and aborted when anything fails, so no half-written export is left to be linked. */
import type { ExportsBucket, StreamedUpload } from './ports/exports';

export async function writeStreamed(bucket: ExportsBucket, key: string, contentType: string, write: (object: StreamedUpload) => Promise<void>): Promise<void> {
  const object = await bucket.start(key, contentType);
  try {
    await write(object);
    await object.finish();
  } catch (error) {
    await object.abort();
    throw error;
  }
}

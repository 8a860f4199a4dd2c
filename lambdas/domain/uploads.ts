/** Starting an upload of a form document: counted against the day's bound, its key recorded before the presigned POST is handed out. */
import { FILE_MAX_BYTES } from './documents/files';
import { newUploadId, uploadKey } from './documents/keys';
import { takeDailyUpload } from './documents/upload-quota';
import { ApplicationLocked } from './errors';
import type { PresignedUpload, UploadGrants, UploadQuota, UploadsBucket } from './ports/documents';

export interface UploadStartPorts {
  grants: UploadGrants;
  uploads: UploadsBucket;
  quota: UploadQuota;
}

/** A presigned POST for a key the server chooses under the applicant's prefix; only recorded keys ever become documents. */
export async function presignDocumentUpload(ports: UploadStartPorts, sub: string, answerKey: string, maxPerDay: number): Promise<PresignedUpload> {
  await takeDailyUpload(ports.quota, sub, maxPerDay);
  const ref = { sub, answerKey, uploadId: newUploadId() };
  // Submitted since the lock was read: the grant's own write saw it.
  if (!(await ports.grants.grantUpload(ref, new Date(), 'application'))) throw new ApplicationLocked();
  return ports.uploads.presignUpload(uploadKey(ref), FILE_MAX_BYTES);
}

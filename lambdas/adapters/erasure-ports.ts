/**
 * The adapters the deletion of an applicant runs on (domain/data-rights/erasure.ts), shared by
 * DELETE /api/account, the office's POST /staff/api/applications/{id}/erase and the retention
 * sweep; each brings its own way to delete the identity. Also those an event function takes its
 * writes back with when the account was closed meanwhile (domain/data-rights/late-writes.ts).
 */
import { deleteObject, listKeys } from '#adapters/storage/objects';
import { erasureTables, findRelatedItems } from '#adapters/store/erasure-store';
import { isAccountClosed } from '#adapters/store/status-store';
import type { DeleteIdentity, ErasableBucket, ErasurePorts, LateWritePorts } from '#domain/ports/erasure';
import { config } from '#lambdas/config';

function bucketName(bucket: ErasableBucket): string {
  const c = config();
  return { uploads: c.uploadsBucket, documents: c.documentsBucket, exports: c.exportsBucket }[bucket];
}

export function erasurePorts(deleteIdentity: DeleteIdentity): ErasurePorts {
  return {
    tables: erasureTables,
    related: findRelatedItems,
    objects: { list: (bucket, prefix) => listKeys(bucketName(bucket), prefix), delete: (bucket, key) => deleteObject(bucketName(bucket), key) },
    deleteIdentity,
    now: () => new Date(),
  };
}

export const lateWritePorts: LateWritePorts = {
  sessionClosed: isAccountClosed,
  readMarker: (sub) => erasureTables.readMarker(sub),
  deleteItem: (table, key) => erasureTables.deleteItem(table, key),
  deleteObject: (bucket, key) => deleteObject(bucketName(bucket), key),
};

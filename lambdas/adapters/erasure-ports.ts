/**
 * The adapters the deletion of an applicant runs on (domain/data-rights/erasure.ts), shared by
 * DELETE /api/account, the office's POST /staff/api/applications/{id}/erase and the retention
 * sweep; each brings its own way to delete the identity.
 */
import { config } from '#lambdas/config';
import { erasureTables, findRelatedItems } from '#adapters/store/erasure-store';
import { deleteObject, listKeys } from '#adapters/storage/objects';
import type { DeleteIdentity, ErasableBucket, ErasurePorts } from '#domain/ports/erasure';

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

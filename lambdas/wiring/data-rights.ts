/**
 * Data rights (docs/data-rights.md): the one deletion of an applicant (domain/data-rights/erasure.ts),
 * shared by closing an account, the office's erasure and the retention sweep, each with its own
 * way to delete the identity; and the ports an event function takes its writes back with when the
 * account was closed meanwhile (domain/data-rights/late-writes.ts).
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { eraseIdentityByRetention, type HandedOverErasure } from '#adapters/retention/identity-erasure';
import { deleteObject, listKeys } from '#adapters/storage/objects';
import { appendAudit } from '#adapters/store/audit-store';
import { erasureTables, findRelatedItems, readErasureMarker } from '#adapters/store/erasure-store';
import { holdStore } from '#adapters/store/hold-store';
import { isAccountClosed } from '#adapters/store/status-store';
import { readSubmitted } from '#adapters/store/submissions-index';
import type { eraseByOffice } from '#domain/data-rights/close-account';
import type { holdApplication } from '#domain/data-rights/hold';
import type { DeleteIdentity, ErasableBucket, ErasurePorts, LateWritePorts } from '#domain/ports/erasure';
import { config } from '#lambdas/config';
import type { StaffMember } from '#middleware/staff-session';
import { publishSubmissionEvent } from './events';
import type { PortsOf } from './ports-of';
import { staffAudit } from './staff-audit';
import { standIn } from './stand-ins';

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

/**
 * The identity deleted by the retention function, the one Lambda allowed to (or the local stack's
 * stand-in for it), waited for: for the office's erasure and an applicant closing their account.
 */
export function identityErasedByRetention(cause: HandedOverErasure): DeleteIdentity {
  return (sub) => (standIn('eraseIdentity') ?? eraseIdentityByRetention)(sub, cause);
}

/**
 * The office's erasure of a submitted application: audited, everything but the identity deleted
 * here, the identity by the retention function (or the local stack's stand-in for it), waited for.
 */
export function officeErasurePorts(): PortsOf<typeof eraseByOffice> {
  return {
    readSubmitted,
    appendAudit,
    publish: publishSubmissionEvent,
    erasure: erasurePorts(identityErasedByRetention('office')),
  };
}

/** An admin's hold on a submitted application: the answers item's attribute, the erasure's marker read, the audit. */
export function holdPorts(staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof holdApplication> {
  return { readSubmitted, readMarker: readErasureMarker, holds: holdStore, audit: staffAudit(staff, event), now: () => new Date() };
}

export function lateWritePorts(): LateWritePorts {
  return {
    sessionClosed: isAccountClosed,
    readMarker: readErasureMarker,
    deleteItem: (table, key) => erasureTables.deleteItem(table, key),
    deleteObject: (bucket, key) => deleteObject(bucketName(bucket), key),
  };
}

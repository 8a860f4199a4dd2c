/**
 * The retention function's work (domain/retention/sweep.ts, domain/data-rights/): the daily sweep
 * (warnings, erasures past the institution's policy, data whose identity is gone, what a late writer
 * left of an erased account) and the end of an erasure a route began (the office's, or an applicant
 * closing their account). It is the one Lambda allowed to delete identities, so its erasure deletes
 * the identity by AdminDeleteUser (adapters/identity/deletion.ts). The accounts it reads are
 * Cognito's, or the local identity provider's installed in their place.
 */
import { deleteIdentity } from '#adapters/identity/deletion';
import { CognitoApplicantDirectory } from '#adapters/retention/cognito-directory';
import { stillAsDecided } from '#adapters/retention/erasure-guard';
import { retentionRecords } from '#adapters/retention/records';
import { claimMail, markMailSent, releaseMail } from '#adapters/store/mail-store';
import { eraseForRetention } from '#domain/data-rights/close-account';
import { removeLeftovers } from '#domain/data-rights/leftovers';
import type { ErasurePorts } from '#domain/ports/erasure';
import type { ApplicantDirectory } from '#domain/ports/retention';
import type { RetentionPorts } from '#domain/retention/sweep';
import { policies } from '#form/institution-policies';
import { config } from '#lambdas/config';
import { erasurePorts } from './data-rights';
import { publishSubmissionEvent } from './events';
import { freshOfficeWords } from './office-words';
import { sendProductMail } from './product-mail';
import { standIn } from './stand-ins';

export const applicantDirectory = (): ApplicantDirectory => standIn('applicantDirectory') ?? new CognitoApplicantDirectory();

/** The platform's one deletion (domain/data-rights/erasure.ts), the identity by AdminDeleteUser. */
export function adminErasurePorts(): ErasurePorts {
  return erasurePorts(deleteIdentity);
}

/** The sweep's, with the office's current words of the warning (Settings). */
export async function retentionPorts(): Promise<RetentionPorts> {
  await freshOfficeWords();
  const erasure = adminErasurePorts();
  return {
    directory: applicantDirectory(),
    records: retentionRecords,
    eraser: { eraseAccount: (sub, _cause, decided) => eraseForRetention({ erasure, publish: publishSubmissionEvent, stillAsDecided }, sub, decided) },
    // What a late writer killed before its check left of an erased account: found and deleted with the erasure's own ports.
    leftovers: { removeLeftovers: (sub, dryRun) => removeLeftovers(erasure, sub, { dryRun }) },
    // The warning, not to a bounced or complained address.
    sendMail: sendProductMail,
    claimMail,
    markMailSent,
    releaseMail,
    origin: config().publicOrigin,
    policy: policies.retention,
  };
}

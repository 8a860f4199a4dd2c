/**
 * The retention function's work (domain/retention/sweep.ts, domain/data-rights/): the daily sweep
 * (warnings, erasures past the institution's policy, what a late writer left of an erased account)
 * and the end of the office's erasure. It is the one Lambda allowed to delete identities, so its
 * erasure deletes the identity by AdminDeleteUser (nobody is signed in). The accounts it reads are
 * Cognito's, or the local identity provider's installed in their place.
 */
import { identity } from '#adapters/identity';
import { CognitoApplicantDirectory } from '#adapters/retention/cognito-directory';
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
import { sendMail } from './mail';
import { standIn } from './stand-ins';

export const applicantDirectory = (): ApplicantDirectory => standIn('applicantDirectory') ?? new CognitoApplicantDirectory();

/** The platform's one deletion (domain/data-rights/erasure.ts), the identity by AdminDeleteUser. */
export function adminErasurePorts(): ErasurePorts {
  return erasurePorts((id) => identity().adminDeleteUser(id));
}

export function retentionPorts(): RetentionPorts {
  const erasure = adminErasurePorts();
  return {
    directory: applicantDirectory(),
    records: retentionRecords,
    eraser: { eraseAccount: (sub, cause) => eraseForRetention({ erasure, publish: publishSubmissionEvent }, sub, cause === 'retention-submitted') },
    // What a late writer killed before its check left of an erased account: found and deleted with the erasure's own ports.
    leftovers: { removeLeftovers: (sub, dryRun) => removeLeftovers(erasure, sub, { dryRun }) },
    sendMail,
    claimMail,
    markMailSent,
    releaseMail,
    origin: config().publicOrigin,
    policy: policies.retention,
  };
}

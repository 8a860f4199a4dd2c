/**
 * Which directory of applicants the sweep reads: Cognito in AWS, the embedded provider's own
 * table in the local stack (registered at start-up by local/stack.ts, as the identity provider is).
 */
import type { ApplicantDirectory } from '#domain/ports/retention';
import { config } from '#lambdas/config';
import { CognitoApplicantDirectory } from './cognito-directory';

let local: ApplicantDirectory | undefined;

export function registerLocalDirectory(directory: ApplicantDirectory | undefined): void {
  local = directory;
}

export function applicantDirectory(): ApplicantDirectory {
  if (config().identityProvider === 'local') {
    if (!local) throw new Error('IDENTITY_PROVIDER=local but no local directory of applicants is registered');
    return local;
  }
  return new CognitoApplicantDirectory();
}

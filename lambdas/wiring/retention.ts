/**
 * The retention sweep (domain/retention/sweep.ts) and the end of the office's erasure, both run
 * by the retention function, the one Lambda allowed to delete identities: Cognito's accounts, or
 * the local identity provider's installed in their place.
 */
import { CognitoApplicantDirectory } from '#adapters/retention/cognito-directory';
import type { ApplicantDirectory } from '#domain/ports/retention';
import { standIn } from './stand-ins';

export const applicantDirectory = (): ApplicantDirectory => standIn('applicantDirectory') ?? new CognitoApplicantDirectory();

/**
 * The local stack's identity providers, registered at start-up with their issuer and keys. Kept
 * apart from the Cognito adapters so that a Lambda that only verifies tokens bundles neither
 * the Cognito client nor the other pool's code.
 */
import type { Jwks } from 'aws-jwt-verify/jwk';
import type { DeleteIdentity } from '#domain/ports/erasure';
import type { IdentityProvider } from '#domain/ports/identity';
import type { StaffAdministration, StaffIdentityProvider } from '#domain/ports/staff-identity';

/** The embedded applicant provider: the port's operations, and AdminDeleteUser (./deletion.ts). */
export type LocalApplicantIdentity = IdentityProvider & { adminDeleteUser: DeleteIdentity };

export interface LocalRegistration<P> {
  provider: P;
  issuer: string;
  jwks: Jwks;
}

const registered: { applicant?: LocalRegistration<LocalApplicantIdentity>; staff?: LocalRegistration<StaffIdentityProvider> } = {};
const listeners: Array<() => void> = [];

/** A registration is passed on to the verifiers (index.ts and staff.ts hand its keys to verify.ts and staff-verify.ts). */
export function onLocalRegistration(listener: () => void): void {
  listeners.push(listener);
}

export function registerLocalIdentity(registration: LocalRegistration<LocalApplicantIdentity>): void {
  registered.applicant = registration;
  for (const l of listeners) l();
}

export function registerLocalStaffIdentity(registration: LocalRegistration<StaffIdentityProvider>): void {
  registered.staff = registration;
  for (const l of listeners) l();
}

export const localIdentity = () => registered.applicant;

/** The embedded applicant provider (IDENTITY_PROVIDER=local); an error if the local stack registered none. */
export function registeredLocalIdentity(): LocalApplicantIdentity {
  const local = registered.applicant;
  if (!local) throw new Error('IDENTITY_PROVIDER=local but no local identity provider is registered');
  return local.provider;
}
export const localStaffIdentity = () => registered.staff;

let staffDirectory: StaffAdministration | undefined;

/** The staff pool's admin operations as the local stack answers them (its stand-in for Cognito's API, local/cognito-api.ts). */
export function registerLocalStaffDirectory(directory: StaffAdministration): void {
  staffDirectory = directory;
}

export const localStaffDirectory = () => staffDirectory;

/** The staff identity port lives in the domain (domain/ports/staff-identity.ts); this name stays for the local provider. */
export * from '#domain/ports/staff-identity';

/** The identity port lives in the domain (domain/ports/identity.ts); this name stays for the local provider. */
export * from '#domain/ports/identity';

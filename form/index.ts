/** The form model's public surface: import from 'form' (or '../form'), not from its files. */
export type * from './types';
export * from './account';

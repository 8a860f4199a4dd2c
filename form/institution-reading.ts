/**
 * The institution's reading section (issue 39, item 1): assignment rules, reads required and the
 * committee's score gap, read once from the configuration (form/institution.ts). A module of its
 * own so only the routes that assign or read carry it.
 */
import type { ReadingConfig } from './types';

export const reading: ReadingConfig = globalThis.__INSTITUTION__.reading;

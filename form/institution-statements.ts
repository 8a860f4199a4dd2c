/**
 * What the statement pages (/accessibility, /privacy, /terms) say that is the institution's own:
 * the contacts, the known exceptions, who else receives data, the terms of use. From the
 * configuration file; loaded only with those pages.
 */
import type { StatementsConfig } from './types';

export const statements: StatementsConfig = globalThis.__INSTITUTION__.statements;

/**
 * Every test file starts as the institution the harness loaded and checked once
 * (vitest.config.ts: INSTITUTION_CONFIG or the sample), as a Node entry point would
 * (config/installed.ts): the form's modules read it when they load.
 */
import { inject } from 'vitest';
import { installSections } from '#config/sections';
import type { InstitutionSections } from '#form/types';

declare module 'vitest' {
  export interface ProvidedContext {
    institution: InstitutionSections;
  }
}

installSections(inject('institution'));

/** Puts an institution's compiled sections where the form's modules read them (InstitutionSections in form/types.ts). */
import type { InstitutionSections } from '#form/types';

export function installSections(sections: InstitutionSections): void {
  globalThis.__INSTITUTION__ = sections;
}

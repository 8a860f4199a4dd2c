/**
 * The institution's configuration file (institutions/institution.schema.json) once its texts are
 * each their words in the institution's language (config/texts.ts; the file may give a value per
 * language): the compiled sections (form/types.ts's InstitutionSections) but for the brand's
 * images, which the file names by path and the compiled sections by their place in the web build.
 */
import type { BrandColors, InstitutionSections } from '#form/types';

export interface InstitutionFile extends Omit<InstitutionSections, 'brand' | 'translations'> {
  readonly brand: { readonly logo: string; readonly favicon: string; readonly colors: BrandColors };
}

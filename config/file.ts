/**
 * The institution's configuration file as written (institutions/institution.schema.json): the
 * compiled sections (form/types.ts's InstitutionSections) but for the brand's images, which the
 * file names by path and the compiled sections by their place in the web build.
 */
import type { BrandColors, InstitutionSections } from '#form/types';

export interface InstitutionFile extends Omit<InstitutionSections, 'brand'> {
  readonly brand: { readonly logo: string; readonly favicon: string; readonly colors: BrandColors };
}

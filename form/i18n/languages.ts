/**
 * The applicant's languages (issue 41): each named in itself, with its writing direction. One
 * list for the web app, the build's prerenderer and (later) the Lambdas' e-mails and PDF, which
 * is why it lives in form/: every zone may import form/, and form/ imports nothing of ours.
 */
export const LANGUAGES = [
  { code: 'en', name: 'English', dir: 'ltr' },
  { code: 'es', name: 'Español', dir: 'ltr' },
  { code: 'ar', name: 'العربية', dir: 'rtl' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
/** The catalogs' codes: the languages and, in development only, the pseudo-locale (accented, 40 % longer). */
export type CatalogCode = LanguageCode | 'pseudo';

/** The institution's language: the source catalog, and what a missing translation falls back to. */
export const DEFAULT_LANGUAGE: LanguageCode = 'en';
export const PSEUDO_LOCALE = 'pseudo';

export const isLanguage = (code: unknown): code is LanguageCode => LANGUAGES.some((l) => l.code === code);
export const isCatalogCode = (code: unknown): code is CatalogCode => code === PSEUDO_LOCALE || isLanguage(code);

export const directionOf = (code: CatalogCode): 'ltr' | 'rtl' => LANGUAGES.find((l) => l.code === code)?.dir ?? 'ltr';

/** The `lang` attribute for a catalog: the pseudo-locale is English made strange. */
export const htmlLangOf = (code: CatalogCode): string => (code === PSEUDO_LOCALE ? 'en-XA' : code);

/**
 * The first of the visitor's preferred languages (the browser's navigator.languages, or a parsed
 * Accept-Language) that we have, by its primary subtag ('es-MX' → 'es'); English otherwise.
 */
export function pickLanguage(preferred: readonly string[]): LanguageCode {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

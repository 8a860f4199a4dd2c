import { COMPLETION_PATH, PAGE_PATH, PAGE_PATHS } from '#form/contract';

/** Route paths in one place; the form's pages and the completion page come from the shared contract. */
export const paths = {
  login: '/login',
  signup: '/signup',
  confirm: '/confirm',
  forgot: '/forgot',
  reset: '/reset',
  about: PAGE_PATH.about,
  education: PAGE_PATH['education-ug'],
  finalSteps: PAGE_PATH['final-steps'],
  completion: COMPLETION_PATH,
  /** Check your answers before submitting: inside the form, never a last page to resume at. */
  review: '/review',
  /** A recommender's page: no account, the link's token is the credential. */
  recommend: '/recommend',
  /** The institution's statements, linked from every page's footer. */
  accessibility: '/accessibility',
  privacy: '/privacy',
  terms: '/terms',
} as const;

export const DEFAULT_FORM_ROUTE = paths.about;
export const FORM_PATHS: readonly string[] = PAGE_PATHS;

/** last_page may be stored with or without its slash; compare as a path. */
export function normalisePage(page: string | null | undefined): string | null {
  if (!page) return null;
  const p = page.startsWith('/') ? page : `/${page}`;
  return FORM_PATHS.includes(p) ? p : null;
}

/** Route paths (000 §2) in one place. */
export const paths = {
  login: '/login',
  signup: '/signup',
  confirm: '/confirm',
  forgot: '/forgot',
  reset: '/reset',
  about: '/about',
  education: '/education-ug',
  finalSteps: '/final-steps',
  completion: '/completion',
} as const;

export const DEFAULT_FORM_ROUTE = paths.about;
export const FORM_PATHS: readonly string[] = [paths.about, paths.education, paths.finalSteps];

/** last_page may be stored with or without its slash; compare as a path. */
export function normalisePage(page: string | null | undefined): string | null {
  if (!page) return null;
  const p = page.startsWith('/') ? page : `/${page}`;
  return FORM_PATHS.includes(p) ? p : null;
}

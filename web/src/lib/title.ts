import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useT } from './i18n';

/** Each page's name in the catalogs (form/i18n): `title.<name>`. */
const TITLES: Record<string, string> = {
  '/login': 'login',
  '/signup': 'signup',
  '/confirm': 'confirm',
  '/forgot': 'forgot',
  '/reset': 'reset',
  '/about': 'about',
  '/education-ug': 'education',
  '/final-steps': 'finalSteps',
  '/review': 'review',
  '/completion': 'completion',
  '/recommend': 'recommend',
  '/accessibility': 'accessibility',
  '/privacy': 'privacy',
  '/terms': 'terms',
};

/** Each route names the page in the title; "Error: " leads while errors are shown (GOV.UK). */
export function useDocumentTitle(hasErrors = false) {
  const { pathname } = useLocation();
  const t = useT();
  useEffect(() => {
    const page = t(`title.${TITLES[pathname] ?? 'default'}`);
    document.title = t(hasErrors ? 'shell.titleError' : 'shell.title', { page });
  }, [pathname, hasErrors, t]);
}

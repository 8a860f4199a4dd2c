import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { T, useT } from '../lib/i18n';
import { DEFAULT_FORM_ROUTE, paths } from '../lib/routes';

/**
 * A temporary-answers link (`?token=`) the server does not know, or no longer knows: nothing went
 * wrong in the app, the link is simply old, and the person needs to know what to do next.
 */
export class ExpiredLinkError extends Error {
  constructor() {
    super('This link has expired.');
    this.name = 'ExpiredLinkError';
  }
}

export const isExpiredLink = (e: unknown): e is ExpiredLinkError => e instanceof ExpiredLinkError;

export function ExpiredLinkScreen() {
  const t = useT();
  useEffect(() => {
    document.title = t('error.expired.title');
  }, [t]);
  return (
    <main className="error-screen" id="main">
      <h1>{t('error.expired.title')}</h1>
      <p>{t('error.expired.text')}</p>
      <p>
        <T id="error.expired.next" components={[<Link to={paths.login} />, <Link to={DEFAULT_FORM_ROUTE} />]} />
      </p>
    </main>
  );
}

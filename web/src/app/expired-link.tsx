import { useEffect } from 'react';
import { Link } from 'react-router-dom';
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
  useEffect(() => {
    document.title = 'This link has expired';
  }, []);
  return (
    <main className="error-screen" id="main">
      <h1>This link has expired</h1>
      <p>The link to the answers prepared for you is no longer valid: such links work for a limited time only.</p>
      <p>
        If you have already created an account, <Link to={paths.login}>sign in</Link> to continue your application. Otherwise you can{' '}
        <Link to={DEFAULT_FORM_ROUTE}>start a new application</Link>, or ask the admissions office for a new link.
      </p>
    </main>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { institution } from '#form/institution';
import { paths } from '../lib/routes';

export function SiteHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="site-header">
      <Link to={paths.about} className="site-header__brand">
        {institution.abbreviation} <span>{institution.applicationTitle}</span>
      </Link>
      {children}
    </header>
  );
}

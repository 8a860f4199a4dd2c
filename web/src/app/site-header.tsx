import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { institution } from '#form/institution';
import { InstitutionLogo } from '../components/InstitutionLogo';
import { LanguageSwitcher } from '../components/LanguageSwitcher';
import { Own } from '../lib/institution-words';
import { paths } from '../lib/routes';

/** The site's header; `linked` false for visitors the application is not for (a recommender): the brand is then not a link into it. */
export function SiteHeader({ children, linked = true }: { children?: ReactNode; linked?: boolean }) {
  const brand = (
    <>
      <InstitutionLogo />
      <span className="site-header__title">
        <Own words={institution.abbreviation} />{' '}
        <span>
          <Own words={institution.applicationTitle} />
        </span>
      </span>
    </>
  );
  return (
    <header className="site-header">
      {linked ? (
        <Link to={paths.about} className="site-header__brand">
          {brand}
        </Link>
      ) : (
        <span className="site-header__brand">{brand}</span>
      )}
      <div className="site-header__tools">
        <LanguageSwitcher />
        {children}
      </div>
    </header>
  );
}

import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { institution } from '#form/institution';
import { Dialog } from '#web/components/Dialog';
import { Spinner } from '#web/components/Spinner';
import { T, useLanguage, useT } from '#web/lib/i18n';
import { institutionNames, Own, Sentence } from '#web/lib/institution-words';
import { useToday } from '#web/lib/render-date';
import { paths } from '#web/lib/routes';

// The privacy text (cookies, retention) loads when the dialog opens: the footer is on every prerendered page.
const loadPrivacy = () => import('./PrivacyContent');
const PrivacyContent = lazy(loadPrivacy);

function HelpContent() {
  const a = institution.address;
  // The postal address as the post reads it: the institution's language, marked so on another language's page.
  const language = useLanguage();
  const postal = language === 'en' || language === 'pseudo' ? undefined : 'en';
  return (
    <>
      <p>
        <T
          id="footer.helpEmail"
          values={{ email: institution.helpEmail }}
          components={[<a href={`mailto:${institution.helpEmail}`}>{institution.helpEmail}</a>]}
        />
      </p>
      <address>
        <Own words={institution.name} />
        <br />
        <span lang={postal}>
          {a.lines.map((l) => (
            <span key={l}>
              {l}
              <br />
            </span>
          ))}
          {a.city}, {a.state} {a.zip}
        </span>
      </address>
      <p>
        {/* The number reads left to right in every language. */}
        <T
          id="footer.phone"
          values={{ phone: institution.phone }}
          components={[
            <a href={`tel:${institution.phone.replace(/[^0-9+]/g, '')}`} dir="ltr">
              {institution.phone}
            </a>,
          ]}
        />
      </p>
    </>
  );
}

/** Footer with the Help and Privacy dialogs and the institution's statements (prerendered pages); hidden for service users by the layout. */
export function SiteFooter() {
  // The prerendered page's year until hydration is done (useToday), so the HTML matches.
  const year = useToday().getFullYear();
  const t = useT();
  const [open, setOpen] = useState<'help' | 'privacy' | null>(null);
  return (
    <footer className="site-footer">
      <ul>
        <li>
          <button type="button" className="link-button" onClick={() => setOpen('help')}>
            {t('footer.help')}
          </button>
        </li>
        <li>
          <button
            type="button"
            className="link-button"
            onClick={() => setOpen('privacy')}
            onPointerEnter={() => void loadPrivacy()}
            onFocus={() => void loadPrivacy()}
          >
            {t('footer.privacy')}
          </button>
        </li>
        <li>
          <Link to={paths.accessibility}>{t('footer.accessibility')}</Link>
        </li>
        <li>
          <Link to={paths.privacy}>{t('footer.privacyNotice')}</Link>
        </li>
        <li>
          <Link to={paths.terms}>{t('footer.terms')}</Link>
        </li>
      </ul>
      <p>
        <Sentence text={t('footer.copyright', { year, institution: institutionNames().name })} />
      </p>
      <Dialog open={open === 'help'} title={t('footer.help')} onClose={() => setOpen(null)} size="s">
        <HelpContent />
      </Dialog>
      <Dialog open={open === 'privacy'} title={t('footer.privacy')} onClose={() => setOpen(null)} size="s">
        <Suspense fallback={<Spinner showLabel />}>
          <PrivacyContent year={year} />
        </Suspense>
      </Dialog>
    </footer>
  );
}

import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { institution } from '#form/institution';
import { Dialog } from '#web/components/Dialog';
import { Spinner } from '#web/components/Spinner';
import { useToday } from '#web/lib/render-date';
import { paths } from '#web/lib/routes';

// The privacy text (cookies, retention) loads when the dialog opens: the footer is on every prerendered page.
const loadPrivacy = () => import('./PrivacyContent');
const PrivacyContent = lazy(loadPrivacy);

function HelpContent() {
  const a = institution.address;
  return (
    <>
      <p>
        For technical help with your application, e-mail <a href={`mailto:${institution.helpEmail}`}>{institution.helpEmail}</a>.
      </p>
      <address>
        {institution.name}
        <br />
        {a.lines.map((l) => (
          <span key={l}>
            {l}
            <br />
          </span>
        ))}
        {a.city}, {a.state} {a.zip}
      </address>
      <p>
        Phone: <a href={`tel:${institution.phone.replace(/[^0-9+]/g, '')}`}>{institution.phone}</a>
      </p>
    </>
  );
}

/** Footer with the Help and Privacy dialogs and the institution's statements (prerendered pages); hidden for service users by the layout. */
export function SiteFooter() {
  // The prerendered page's year until hydration is done (useToday), so the HTML matches.
  const year = useToday().getFullYear();
  const [open, setOpen] = useState<'help' | 'privacy' | null>(null);
  return (
    <footer className="site-footer">
      <ul>
        <li>
          <button type="button" className="link-button" onClick={() => setOpen('help')}>
            Help
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
            Privacy
          </button>
        </li>
        <li>
          <Link to={paths.accessibility}>Accessibility statement</Link>
        </li>
        <li>
          <Link to={paths.privacy}>Privacy notice</Link>
        </li>
        <li>
          <Link to={paths.terms}>Terms of use</Link>
        </li>
      </ul>
      <p>
        © {year} {institution.name}
      </p>
      <Dialog open={open === 'help'} title="Help" onClose={() => setOpen(null)} size="s">
        <HelpContent />
      </Dialog>
      <Dialog open={open === 'privacy'} title="Privacy" onClose={() => setOpen(null)} size="s">
        <Suspense fallback={<Spinner label="Loading" showLabel />}>
          <PrivacyContent year={year} />
        </Suspense>
      </Dialog>
    </footer>
  );
}

import { useState } from 'react';
import { institution } from '#form/institution';
import { Dialog } from '#web/components/Dialog';
import { useToday } from '#web/lib/render-date';

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

function PrivacyContent({ year }: { year: number }) {
  return (
    <>
      <p>
        This site uses cookies to keep you signed in and to remember your progress. You can control cookies in your browser's settings:{' '}
        <a href="https://support.google.com/chrome/answer/95647">Chrome</a>, <a href="https://support.mozilla.org/kb/enhanced-tracking-protection-firefox-desktop">Firefox</a>,{' '}
        <a href="https://support.apple.com/guide/safari/manage-cookies-sfri11471/mac">Safari</a>, <a href="https://support.microsoft.com/microsoft-edge">Edge</a>.
      </p>
      <p>
        We may use analytics to improve this application; you can opt out of analytics with your browser's settings or add-ons. Read our{' '}
        <a href={institution.links.privacyPolicy.url}>{institution.links.privacyPolicy.label}</a>.
      </p>
      <p>
        © {year} {institution.name}
      </p>
    </>
  );
}

/** Footer with the Help and Privacy dialogs; hidden for service users by the layout. */
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
          <button type="button" className="link-button" onClick={() => setOpen('privacy')}>
            Privacy
          </button>
        </li>
      </ul>
      <p>
        © {year} {institution.name}
      </p>
      <Dialog open={open === 'help'} title="Help" onClose={() => setOpen(null)} size="s">
        <HelpContent />
      </Dialog>
      <Dialog open={open === 'privacy'} title="Privacy" onClose={() => setOpen(null)} size="s">
        <PrivacyContent year={year} />
      </Dialog>
    </footer>
  );
}

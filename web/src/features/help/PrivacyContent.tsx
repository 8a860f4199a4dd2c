/**
 * The Privacy dialog's words: cookies, analytics, and what the institution keeps and for how long
 * (its retention configuration), with how to get a copy or close the account. Loaded when the
 * dialog opens, so none of it weighs on the prerendered pages' first load.
 */
import { institution } from '#form/institution';
import { RetentionList } from './RetentionList';

export default function PrivacyContent({ year }: { year: number }) {
  return (
    <>
      <p>
        This site uses cookies to keep you signed in and to remember your progress. You can control cookies in your browser's settings:{' '}
        <a href="https://support.google.com/chrome/answer/95647">Chrome</a>,{' '}
        <a href="https://support.mozilla.org/kb/enhanced-tracking-protection-firefox-desktop">Firefox</a>,{' '}
        <a href="https://support.apple.com/guide/safari/manage-cookies-sfri11471/mac">Safari</a>,{' '}
        <a href="https://support.microsoft.com/microsoft-edge">Edge</a>.
      </p>
      <p>
        We may use analytics to improve this application; you can opt out of analytics with your browser's settings or add-ons. Read our{' '}
        <a href={institution.links.privacyPolicy.url}>{institution.links.privacyPolicy.label}</a>.
      </p>
      <h3>What we keep, and for how long</h3>
      <RetentionList />
      <h3>Your copy, and closing your account</h3>
      <p>
        Choose <strong>Download my data</strong> in the account menu or on your status page for a copy of everything you gave us. Before you submit, you can
        close your account from the account menu: everything is deleted at once. After you submit, ask the admissions office at{' '}
        <a href={`mailto:${institution.helpEmail}`}>{institution.helpEmail}</a>.
      </p>
      <p>
        The whole <a href="/privacy">privacy notice</a> says what is collected, why, who sees it and your rights.
      </p>
      <p>
        © {year} {institution.name}
      </p>
    </>
  );
}

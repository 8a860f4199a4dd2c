/**
 * The privacy notice: who keeps what an applicant gives, why, for how long (the institution's
 * retention settings), who sees it, and the applicant's rights with where to use them.
 */
import { Link } from 'react-router-dom';
import { institution } from '#form/institution';
import { statements } from '#form/institution-statements';
import { RetentionList } from '../../help';

/** Where the account menu closes an account (features/account-menu: CLOSE_ACCOUNT_PATH). */
const CLOSE_ACCOUNT = '/account/close';

export function PrivacyNotice() {
  const { contact, sharedWith } = statements.privacy;
  const a = institution.address;
  return (
    <article className="statement" aria-labelledby="statement-title">
      <h1 id="statement-title">Privacy notice</h1>
      <p>
        {institution.name}, {a.lines.join(', ')}, {a.city}, {a.state} {a.zip}, is responsible for the personal information you give in the{' '}
        {institution.applicationTitle}. Questions about it go to <a href={`mailto:${contact}`}>{contact}</a>. This notice explains what the application keeps;{' '}
        <a href={institution.links.privacyPolicy.url}>{institution.name}&apos;s privacy policy</a> covers the rest of what it does.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>Your account: your e-mail address and your password, which is never stored in a form anyone can read.</li>
        <li>Your answers on the application&apos;s pages: your name, date of birth, contact details and addresses, your family and your education.</li>
        <li>The files you upload, and the letters your recommenders send.</li>
        <li>When you signed in and what you changed, to keep your account secure, and cookies that keep you signed in and remember your progress.</li>
      </ul>
      <h2>Why</h2>
      <p>
        To consider your application for admission, to tell you what happens to it, and to keep the site secure. We do not sell it, and we use it for nothing
        else.
      </p>
      <h2>How long we keep it</h2>
      <RetentionList />
      <h2>Who sees it</h2>
      <ul>
        <li>The staff of the admissions office, who sign in with a second step; each time one of them opens your application, it is recorded.</li>
        {sharedWith.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
      <h2>Your rights</h2>
      <ul>
        <li>
          A copy of everything you gave us: choose <strong>Download my data</strong> in the account menu or on your status page.
        </li>
        <li>
          Before you submit, <Link to={CLOSE_ACCOUNT}>close your account</Link> from the account menu: everything is deleted at once.
        </li>
        <li>
          After you submit, to correct or delete your application, write to the admissions office at{' '}
          <a href={`mailto:${institution.helpEmail}`}>{institution.helpEmail}</a>.
        </li>
      </ul>
      <p>
        We may use analytics to improve this application; you can opt out of analytics with your browser&apos;s settings or add-ons. You can control cookies in
        your browser&apos;s settings: <a href="https://support.google.com/chrome/answer/95647">Chrome</a>,{' '}
        <a href="https://support.mozilla.org/kb/enhanced-tracking-protection-firefox-desktop">Firefox</a>,{' '}
        <a href="https://support.apple.com/guide/safari/manage-cookies-sfri11471/mac">Safari</a>,{' '}
        <a href="https://support.microsoft.com/microsoft-edge">Edge</a>.
      </p>
    </article>
  );
}

export const Component = PrivacyNotice;

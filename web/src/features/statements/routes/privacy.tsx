/**
 * The privacy notice: who keeps what an applicant gives, why, for how long (the institution's
 * retention settings), who sees it, and the applicant's rights with where to use them. Its words
 * are the catalog's (`privacy.…`, the app part: a prerendered page loads no other); the
 * institution's own texts (its address, who else it shares with) are shown as its configuration gives them.
 */
import { Link } from 'react-router-dom';
import { institution } from '#form/institution';
import { statements } from '#form/institution-statements';
import { BrowserCookieLinks } from '#web/components/BrowserCookieLinks';
import { institutionShown, T, useT } from '#web/lib/i18n';
import { institutionNames, Own, Sentence } from '#web/lib/institution-words';
import { RetentionList } from '../../help';

/** Where the account menu closes an account (features/account-menu: CLOSE_ACCOUNT_PATH). */
const CLOSE_ACCOUNT = '/account/close';

export function PrivacyNotice() {
  const t = useT();
  const { contact, sharedWith } = statements.privacy;
  const a = institution.address;
  // A postal address is written as the post reads it: marked as the institution's language on another's page.
  const address = institutionShown(`${a.lines.join(', ')}, ${a.city}, ${a.state} ${a.zip}`);
  const names = institutionNames();
  return (
    <article className="statement" aria-labelledby="statement-title">
      <h1 id="statement-title">{t('privacy.title')}</h1>
      <p>
        <T
          id="privacy.intro"
          values={{ institution: names.name, address: address.text, application: names.title, contact }}
          words={(text) => <Sentence text={text} also={[address]} />}
          components={[<a href={`mailto:${contact}`}>{contact}</a>, <a href={institution.links.privacyPolicy.url}>{institution.links.privacyPolicy.label}</a>]}
        />
      </p>
      <h2>{t('privacy.collectTitle')}</h2>
      <ul>
        <li>{t('privacy.collect.account')}</li>
        <li>{t('privacy.collect.answers')}</li>
        <li>{t('privacy.collect.files')}</li>
        <li>{t('privacy.collect.activity')}</li>
      </ul>
      <h2>{t('privacy.whyTitle')}</h2>
      <p>{t('privacy.why')}</p>
      <h2>{t('privacy.keepTitle')}</h2>
      <RetentionList />
      <h2>{t('privacy.whoTitle')}</h2>
      <ul>
        <li>{t('privacy.who.staff')}</li>
        {sharedWith.map((s) => (
          <li key={s}>
            <Own words={s} />
          </li>
        ))}
      </ul>
      <h2>{t('privacy.rightsTitle')}</h2>
      <ul>
        <li>
          <T id="privacy.rights.copy" values={{ download: t('status.data.download') }} components={[<strong />]} />
        </li>
        <li>
          <T id="privacy.rights.close" components={[<Link to={CLOSE_ACCOUNT} />]} />
        </li>
        <li>
          <T
            id="privacy.rights.after"
            values={{ email: institution.helpEmail }}
            components={[<a href={`mailto:${institution.helpEmail}`}>{institution.helpEmail}</a>]}
          />
        </li>
      </ul>
      <p>
        {t('privacy.cookies')} <BrowserCookieLinks />
      </p>
    </article>
  );
}

export const Component = PrivacyNotice;

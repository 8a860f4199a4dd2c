/**
 * The Privacy dialog's words: cookies, analytics, and what the institution keeps and for how long
 * (its retention configuration), with how to get a copy or close the account. Loaded when the
 * dialog opens, so none of it weighs on the prerendered pages' first load.
 */
import { institution } from '#form/institution';
import { BrowserCookieLinks } from '#web/components/BrowserCookieLinks';
import { T, useT } from '#web/lib/i18n';
import { RetentionList } from './RetentionList';

export default function PrivacyContent({ year }: { year: number }) {
  const t = useT();
  return (
    <>
      <p>
        {t('help.privacy.cookies')} <BrowserCookieLinks />
      </p>
      <p>
        <T
          id="help.privacy.analytics"
          values={{ policy: institution.links.privacyPolicy.label }}
          components={[<a href={institution.links.privacyPolicy.url}>{institution.links.privacyPolicy.label}</a>]}
        />
      </p>
      <h3>{t('help.privacy.keepTitle')}</h3>
      <RetentionList />
      <h3>{t('help.privacy.copyTitle')}</h3>
      <p>
        <T
          id="help.privacy.copy"
          values={{ download: t('status.data.download'), email: institution.helpEmail }}
          components={[<strong />, <a href={`mailto:${institution.helpEmail}`}>{institution.helpEmail}</a>]}
        />
      </p>
      <p>
        <T id="help.privacy.notice" components={[<a href="/privacy">{t('footer.privacyNotice')}</a>]} />
      </p>
      <p>{t('footer.copyright', { year, institution: institution.name })}</p>
    </>
  );
}

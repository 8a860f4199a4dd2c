import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '#web/lib/i18n';
import { DEFAULT_FORM_ROUTE, normalisePage, paths } from '#web/lib/routes';
import { useSnapshot } from '#web/lib/session';
import { MessagesList, messagesQueryOptions } from './MessagesSection';

/**
 * The account menu's Messages page (issue 40): every message the admissions office sent, for an
 * applicant still filling in the application too (a deadline reminder reaches them before any
 * status page exists), so nothing depends on the e-mail arriving. After submission the status
 * page's section shows the same.
 */
export function MessagesPage() {
  const t = useT();
  const { data, isPending, isError } = useQuery(messagesQueryOptions());
  const submitted = useSnapshot((s) => s.web_status === 'submitted');
  const lastPage = useSnapshot((s) => s.last_page);
  useEffect(() => {
    // The app's titles are by path (lib/title.ts); this page names itself, as the close-account page does.
    document.title = t('shell.title', { page: t('messages.title') });
  }, [t]);
  const back = submitted ? paths.completion : (normalisePage(lastPage) ?? DEFAULT_FORM_ROUTE);
  const messages = data?.messages ?? [];
  return (
    <div className="account-page">
      <h1>{t('messages.title')}</h1>
      <p>{t('messages.intro')}</p>
      {isPending ? (
        <p role="status">{t('messages.loading')}</p>
      ) : isError ? (
        <p role="alert">{t('messages.loadFailed')}</p>
      ) : messages.length === 0 ? (
        <p>{t('messages.none')}</p>
      ) : (
        <MessagesList messages={messages} headingLevel={2} />
      )}
      <p>
        <Link to={back} className="button">
          {t('status.backToApplication')}
        </Link>
      </p>
    </div>
  );
}

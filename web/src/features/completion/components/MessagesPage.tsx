import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
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
  const { data, isPending, isError } = useQuery(messagesQueryOptions());
  const submitted = useSnapshot((s) => s.web_status === 'submitted');
  const lastPage = useSnapshot((s) => s.last_page);
  useEffect(() => {
    // The app's titles are by path (lib/title.ts); this page names itself, as the close-account page does.
    document.title = 'Messages | Application';
  }, []);
  const back = submitted ? paths.completion : (normalisePage(lastPage) ?? DEFAULT_FORM_ROUTE);
  const messages = data?.messages ?? [];
  return (
    <div className="account-page">
      <h1>Messages</h1>
      <p>Every message the admissions office sent you about your application, newest first. Each was also sent to you by e-mail.</p>
      {isPending ? (
        <p role="status">Loading your messages…</p>
      ) : isError ? (
        <p role="alert">Your messages could not be loaded just now. Please reload the page in a moment.</p>
      ) : messages.length === 0 ? (
        <p>No messages yet. When the admissions office writes to you, the message will be here as well as in your e-mail.</p>
      ) : (
        <MessagesList messages={messages} headingLevel={2} />
      )}
      <p>
        <Link to={back} className="button">
          Back to your application
        </Link>
      </p>
    </div>
  );
}

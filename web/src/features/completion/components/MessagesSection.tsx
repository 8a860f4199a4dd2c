import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApplicantMessage } from '#form/wire/messages';
import { call } from '#web/lib/api-client';
import { momentInWords } from '#web/lib/dates';
import { useT } from '#web/lib/i18n';
import './messages.css';

export const messagesQueryOptions = () => queryOptions({ queryKey: ['messages'], queryFn: () => call('readMessages'), staleTime: 60_000 });

/** The messages, newest first: each subject a heading, its text behind a disclosure. */
export function MessagesList({ messages, headingLevel }: { messages: readonly ApplicantMessage[]; headingLevel: 2 | 3 }) {
  const t = useT();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="completion__messages">
      {messages.map((m) => (
        <li key={m.id}>
          <Heading>{m.subject}</Heading>
          <p>{t('messages.sent', { when: momentInWords(m.sent_at) })}</p>
          <details>
            <summary>
              {t('messages.read')}
              <span className="visually-hidden">: {m.subject}</span>
            </summary>
            <p className="completion__message-text">{m.text}</p>
          </details>
        </li>
      ))}
    </ul>
  );
}

/**
 * The Messages section of the status page (issue 40): every message the admissions office sent
 * this application, newest first, so nothing depends on the e-mail arriving. Nothing shows until
 * the office has sent one (or while it is read). Before submission the account menu's Messages
 * page shows the same (MessagesPage.tsx).
 */
export function MessagesSection() {
  const t = useT();
  const { data } = useQuery(messagesQueryOptions());
  const messages = data?.messages ?? [];
  if (messages.length === 0) return null;
  return (
    <section aria-labelledby="completion-messages">
      <h2 id="completion-messages">{t('messages.title')}</h2>
      <MessagesList messages={messages} headingLevel={3} />
    </section>
  );
}

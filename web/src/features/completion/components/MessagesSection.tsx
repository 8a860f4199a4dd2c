import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApplicantMessage } from '#form/wire/messages';
import { call } from '#web/lib/api-client';
import './messages.css';

const dateTime = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso));

export const messagesQueryOptions = () => queryOptions({ queryKey: ['messages'], queryFn: () => call('readMessages'), staleTime: 60_000 });

/** The messages, newest first: each subject a heading, its text behind a disclosure. */
export function MessagesList({ messages, headingLevel }: { messages: readonly ApplicantMessage[]; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="completion__messages">
      {messages.map((m) => (
        <li key={m.id}>
          <Heading>{m.subject}</Heading>
          <p>Sent {dateTime(m.sent_at)}</p>
          <details>
            <summary>
              Read the message<span className="visually-hidden">: {m.subject}</span>
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
  const { data } = useQuery(messagesQueryOptions());
  const messages = data?.messages ?? [];
  if (messages.length === 0) return null;
  return (
    <section aria-labelledby="completion-messages">
      <h2 id="completion-messages">Messages</h2>
      <MessagesList messages={messages} headingLevel={3} />
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import type { ApplicantMessage } from '#form/wire/messages';
import { applicationMessagesQuery } from '../mailings/mailings-api';
import { formatDateTime } from '../shared/format';

/** One message as the applicant received it: its subject and day, its text behind a disclosure. */
export function MessageItem({ message }: { message: ApplicantMessage }) {
  return (
    <li className="staff-material">
      <h3>{message.subject}</h3>
      <p>Sent {formatDateTime(message.sent_at)}</p>
      <details>
        <summary>
          Read the message<span className="visually-hidden">: {message.subject}</span>
        </summary>
        <pre className="staff-mailing__text">{message.text}</pre>
      </details>
    </li>
  );
}

/**
 * The messages the office's mailings sent this application (issue 40), newest first: what the
 * applicant reads in the Messages section of their status page. Any role reads them.
 */
export function Messages({ id }: { id: string }) {
  const { data } = useQuery(applicationMessagesQuery(id));
  // Shown once read, as the possible duplicates are (a failed read shows nothing rather than a second alert on the page).
  if (!data) return null;
  const messages = data.messages;
  return (
    <section aria-labelledby="staff-messages-title" className="panel">
      <h2 id="staff-messages-title">Messages</h2>
      {messages.length === 0 ? (
        <p>No message has been sent to this application.</p>
      ) : (
        <ul className="staff-materials">
          {messages.map((m) => (
            <MessageItem key={m.id} message={m} />
          ))}
        </ul>
      )}
    </section>
  );
}

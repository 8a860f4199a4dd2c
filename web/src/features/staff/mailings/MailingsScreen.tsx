import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { object, string, type ObjectSchema } from 'yup';
import { MAILING, MAIL_PLACEHOLDERS } from '#form/mail-words';
import { CONFIRM_ABOVE, type MailingSaved, type MailingSummary, type RenderedMessage } from '#form/wire/messages';
import { OFFICE_STATUS_LABELS, OFFICE_STATUSES } from '#form/wire/office-status';
import { ErrorSummary } from '#web/components/ErrorSummary';
import { Field } from '#web/components/fields';
import { ApiError } from '#web/lib/api-client';
import { COMPLETE_OPTIONS, cycleOptions, defaultCycle, roundOptions } from '../applications/cycle-filters';
import { useAllowed } from '../session/allowed';
import { formatDateTime } from '../shared/format';
import { SelectField } from '../shared/SelectField';
import { TextAreaField } from '../shared/TextAreaField';
import { useStaffTitle } from '../shared/title';
import { useFocusOnOutcome, useStaffForm, type Values } from '../shared/use-staff-form';
import { mailingQuery, useCreateMailing, usePreviewMailing, useSendMailing, useTestMailing } from './mailings-api';
import { Suppressions } from './Suppressions';

const STATE_WORDS: Record<MailingSummary['state'], string> = { draft: 'Draft', scheduled: 'Scheduled', sending: 'Sending', sent: 'Sent' };

const placeholderHint = (names: readonly string[]) => names.map((n) => `{${n}} ${MAIL_PLACEHOLDERS[n as keyof typeof MAIL_PLACEHOLDERS]}`).join('; ');
const SUBJECT_HINT = `One line, the office’s words only: it may use ${placeholderHint(MAILING.subjectPlaceholders)}.`;
const BODY_HINT = `Plain text. It may use ${placeholderHint(MAILING.placeholders)}. A mailing never states a decision: decisions are released through the status page.`;

/** The words' first checks, in the server's words (it checks them again, placeholders included). */
const composeSchema = object({
  subject: string()
    .default('')
    .test('given', 'Subject: The subject is empty. Write the subject.', (v) => (v ?? '').trim() !== ''),
  body: string()
    .default('')
    .test('given', 'Body: The body is empty. Write the body.', (v) => (v ?? '').trim() !== ''),
}) as ObjectSchema<Values>;

const COMPOSE_FIELDS = ['subject', 'body', 'kind', 'recipients'];
/** The statuses a mailing may go to: not `decided` (a decision not yet released). */
const STATUS_OPTIONS = OFFICE_STATUSES.filter((s) => s !== 'decided').map((s) => ({ value: s, label: OFFICE_STATUS_LABELS[s] }));

/** The recipients' filter as the list's query says it (the empty ones left out). */
function recipientsOf(v: Values) {
  const pick = (keys: readonly string[]) => Object.fromEntries(keys.flatMap((k) => (v[k]?.trim() ? [[k, v[k].trim()]] : [])));
  return v.source === 'in-progress'
    ? { source: 'in-progress', filters: pick(['cycle', 'round']) }
    : { source: 'submitted', filters: pick(['q', 'status', 'complete', 'cycle', 'round']) };
}

function ComposeForm({ onSaved }: { onSaved: (saved: MailingSaved) => void }) {
  const mutation = useCreateMailing();
  const form = useStaffForm(
    composeSchema,
    { subject: '', body: '', kind: 'transactional', source: 'submitted', q: '', status: '', complete: '', cycle: defaultCycle(), round: '' },
    { fields: COMPOSE_FIELDS, mutation, prefix: 'staff-mailing' },
  );
  const v = form.values;
  const submit = form.onSubmit((values) =>
    form.send(
      {
        subject: values.subject ?? '',
        body: values.body ?? '',
        kind: values.kind === 'marketing' ? 'marketing' : 'transactional',
        recipients: recipientsOf(values),
      },
      onSaved,
    ),
  );
  return (
    <form noValidate onSubmit={submit}>
      <ErrorSummary {...form.summary} />
      <div id={form.fieldId('subject')}>
        <Field
          label="Subject"
          name="subject"
          value={v.subject ?? ''}
          onValue={(x) => form.edit('subject', x)}
          errors={form.errors.subject}
          aria-describedby="staff-mailing-subject-hint"
        />
        <p id="staff-mailing-subject-hint" className="hint">
          {SUBJECT_HINT}
        </p>
      </div>
      <div id={form.fieldId('body')}>
        <TextAreaField
          label="Message"
          name="body"
          value={v.body ?? ''}
          onValue={(x) => form.edit('body', x)}
          hint={BODY_HINT}
          errors={form.errors.body}
          rows={8}
        />
      </div>
      <div id={form.fieldId('kind')}>
        <SelectField
          label="Kind of message"
          name="kind"
          value={v.kind}
          onValue={(x) => form.edit('kind', x)}
          options={[
            { value: 'transactional', label: 'About the applicant’s own application (always sent, says why)' },
            { value: 'marketing', label: 'News and invitations (with an unsubscribe link; not sent to addresses that unsubscribed)' },
          ]}
          errors={form.errors.kind}
        />
      </div>
      <fieldset id={form.fieldId('recipients')}>
        <legend>Recipients</legend>
        <SelectField
          label="Which list"
          name="source"
          value={v.source}
          onValue={(x) => form.edit('source', x)}
          options={[
            { value: 'submitted', label: 'Submitted applications' },
            { value: 'in-progress', label: 'Applications in progress' },
          ]}
          errors={form.errors.recipients}
        />
        <SelectField label="Cycle" name="cycle" value={v.cycle} onValue={(x) => form.edit('cycle', x)} options={cycleOptions()} />
        <SelectField
          label="Round"
          name="round"
          value={v.round}
          onValue={(x) => form.edit('round', x)}
          options={roundOptions(v.cycle ?? '')}
          emptyLabel="All rounds"
        />
        {v.source !== 'in-progress' && (
          <>
            <Field label="Search (name, e-mail or reference)" name="q" value={v.q ?? ''} onValue={(x) => form.edit('q', x)} />
            <SelectField
              label="Status"
              name="status"
              value={v.status}
              onValue={(x) => form.edit('status', x)}
              options={STATUS_OPTIONS}
              emptyLabel="Any status"
            />
            <SelectField
              label="Materials"
              name="complete"
              value={v.complete}
              onValue={(x) => form.edit('complete', x)}
              options={COMPLETE_OPTIONS}
              emptyLabel="Complete or not"
            />
          </>
        )}
      </fieldset>
      <button type="submit" className="button" aria-disabled={mutation.isPending || undefined}>
        {mutation.isPending ? 'Please wait…' : 'Save the draft and count its recipients'}
      </button>
    </form>
  );
}

function Samples({ samples }: { samples: readonly RenderedMessage[] }) {
  return (
    <ol className="staff-mailing__samples">
      {samples.map((s) => (
        <li key={s.to}>
          <p>
            To: {s.to}
            <br />
            Subject: {s.subject}
          </p>
          <pre className="staff-mailing__text">{s.text}</pre>
        </li>
      ))}
    </ol>
  );
}

const sendSchema = object({}) as ObjectSchema<Values>;

/** A saved draft: how many it finds, its preview, a test to oneself, and the send (now or at a time; the typed count above CONFIRM_ABOVE). */
function DraftPanel({ id, count }: { id: string; count: number }) {
  const preview = usePreviewMailing(id);
  const test = useTestMailing(id);
  const send = useSendMailing(id);
  const detail = useQuery({ ...mailingQuery(id), enabled: send.isSuccess });
  const [outcome, setOutcome] = useState('');
  const message = useFocusOnOutcome<HTMLParagraphElement>(outcome);
  const form = useStaffForm(sendSchema, { at: '', confirm: '' }, { fields: ['at', 'confirm'], mutation: send, prefix: 'staff-mailing-send' });
  const refused = (e: Error | null) => (e instanceof ApiError ? e.message : e ? 'That did not work. Try again.' : '');
  const submit = form.onSubmit((v) => {
    const at = v.at ? new Date(v.at).toISOString() : undefined;
    form.send({ ...(at ? { at } : {}), ...(v.confirm ? { confirm: v.confirm } : {}) }, (done) => setOutcome(done.message));
  });
  const progress = detail.data?.progress;
  return (
    <section aria-labelledby="staff-mailing-draft" className="staff-panel">
      <h2 id="staff-mailing-draft">Send the mailing</h2>
      <p>
        The filter finds {count} recipient{count === 1 ? '' : 's'} now; the recipients are found again when sending starts.
      </p>
      <div className="staff-actions">
        <button type="button" className="button" aria-disabled={preview.isPending || undefined} onClick={() => !preview.isPending && preview.mutate()}>
          Preview for three recipients
        </button>
        <button
          type="button"
          className="button"
          aria-disabled={test.isPending || undefined}
          onClick={() => !test.isPending && test.mutate(undefined, { onSuccess: (done) => setOutcome(done.message) })}
        >
          Send a test to myself
        </button>
      </div>
      {(preview.error ?? test.error) && (
        <p role="alert" className="error-message">
          {refused(preview.error ?? test.error)}
        </p>
      )}
      {preview.data && (
        <section aria-labelledby="staff-mailing-preview">
          <h3 id="staff-mailing-preview">Preview ({preview.data.recipient_count} recipients)</h3>
          <Samples samples={preview.data.samples} />
        </section>
      )}
      <form noValidate onSubmit={submit}>
        <ErrorSummary {...form.summary} />
        <div id={form.fieldId('at')}>
          <Field
            label="Send at (leave empty to send now)"
            name="at"
            type="datetime-local"
            value={form.values.at ?? ''}
            onValue={(x) => form.edit('at', x)}
            errors={form.errors.at}
          />
        </div>
        {count > CONFIRM_ABOVE && (
          <div id={form.fieldId('confirm')}>
            <Field
              label={`Type the number of recipients (${count}) to confirm`}
              name="confirm"
              inputMode="numeric"
              value={form.values.confirm ?? ''}
              onValue={(x) => form.edit('confirm', x)}
              errors={form.errors.confirm}
            />
          </div>
        )}
        <button type="submit" className="button" aria-disabled={send.isPending || undefined}>
          {send.isPending ? 'Please wait…' : 'Send the mailing'}
        </button>
      </form>
      {outcome && (
        <p ref={message} tabIndex={-1} role="status">
          {outcome}
        </p>
      )}
      {progress && (
        <p>
          Progress: {progress.sent} sent, {progress.queued} queued, {progress.failed} failed, {progress.suppressed} suppressed.
        </p>
      )}
    </section>
  );
}

export default function MailingsScreen({ mailings, readError }: { mailings: readonly MailingSummary[]; readError?: string }) {
  const [draft, setDraft] = useState<{ id: string; count: number } | null>(null);
  const seesSuppressions = useAllowed('listSuppressions');
  useStaffTitle('Mailings');
  return (
    <>
      <h1>Mailings</h1>
      <p>
        Write to the applicants a list finds. Each recipient gets a mailing once, and every message also appears in the Messages section of their status page.
      </p>
      {readError && (
        <p role="alert" className="error-message">
          {readError}
        </p>
      )}
      <section aria-labelledby="staff-mailings-list">
        <h2 id="staff-mailings-list">Mailings</h2>
        {mailings.length === 0 ? (
          <p>No mailing yet.</p>
        ) : (
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">The office’s mailings, newest first, with their progress</caption>
              <thead>
                <tr>
                  <th scope="col">Subject</th>
                  <th scope="col">State</th>
                  <th scope="col">Written</th>
                  <th scope="col">Recipients</th>
                  <th scope="col">Sent</th>
                  <th scope="col">Queued</th>
                  <th scope="col">Failed</th>
                  <th scope="col">Suppressed</th>
                </tr>
              </thead>
              <tbody>
                {mailings.map((m) => (
                  <tr key={m.id}>
                    <th scope="row">{m.subject}</th>
                    <td>
                      {STATE_WORDS[m.state]}
                      {m.state === 'scheduled' && m.send_at ? ` for ${formatDateTime(m.send_at)}` : ''}
                      {m.state === 'sent' && m.finished_at ? `, finished ${formatDateTime(m.finished_at)}` : ''}
                    </td>
                    <td>
                      {formatDateTime(m.created_at)} by {m.created_by}
                    </td>
                    <td>{m.recipient_count ?? '—'}</td>
                    <td>{m.progress.sent}</td>
                    <td>{m.progress.queued}</td>
                    <td>{m.progress.failed}</td>
                    <td>{m.progress.suppressed}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="staff-mailing-compose">
        <h2 id="staff-mailing-compose">Write a mailing</h2>
        <ComposeForm onSaved={(saved) => setDraft({ id: saved.mailing.id, count: saved.recipient_count })} />
      </section>
      {draft && <DraftPanel key={draft.id} id={draft.id} count={draft.count} />}
      {seesSuppressions && <Suppressions />}
    </>
  );
}

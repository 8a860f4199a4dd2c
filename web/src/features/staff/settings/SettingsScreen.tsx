import { useState } from 'react';
import { NavLink } from 'react-router-dom';
import { object, type ObjectSchema } from 'yup';
import { institution } from '#form/institution';
import { mailSender } from '#form/institution-mail';
import {
  composeMail,
  MAIL_KINDS,
  MAIL_PLACEHOLDERS,
  mailParagraphs,
  MAILS,
  sampleMailValues,
  type MailKind,
  type MailValues,
  type MailWords,
} from '#form/mail-words';
import {
  checkSection,
  findingInWords,
  letterParagraphs,
  fillTemplate,
  OFFICE_WORD_SECTION_LABELS,
  OFFICE_WORD_SECTIONS,
  REMINDER_SETTINGS,
  sampleLetterValues,
  type OfficeWords,
  type OfficeWordSection,
} from '#form/office-words';
import { DECISION_LABELS, DECISIONS } from '#form/wire/decision-words';
import type { SettingHistory, SettingsReply } from '#form/wire/settings';
import { ErrorSummary } from '#web/components/ErrorSummary';
import { Field } from '#web/components/fields';
import { formatDateTime } from '../shared/format';
import { TextAreaField } from '../shared/TextAreaField';
import { useStaffTitle } from '../shared/title';
import { useFocusOnOutcome, useStaffForm, type Values } from '../shared/use-staff-form';
import {
  ANNOUNCEMENT_FIELDS,
  announcementKey,
  COUNT_KEY,
  fieldOf,
  fieldOrder,
  fromValues,
  letterKey,
  mailKey,
  reminderKey,
  TEXT_KEY,
  toValues,
} from './form-values';
import { useSaveSetting } from './mutations';

/** The sections' names in the console's navigation and headings. */
const TITLES: Record<OfficeWordSection, string> = {
  announcements: 'Announcements',
  letters: 'Decision letters',
  promises: 'Welcome: promises',
  submitted: 'Welcome: after submitting',
  nextSteps: 'What happens next',
  emails: 'E-mails',
  reminders: 'Reminders',
};

const HINTS: Record<OfficeWordSection, string> = {
  announcements: 'Banners above the application form, each shown from its first day until the day it stops (YYYY-MM-DD, or MM-DD for every year).',
  letters: 'One letter per decision. Placeholders: {first_name}, {entry_term}, {major}, {reply_by}, {institution}. A blank line starts a new paragraph.',
  promises: 'What the welcome panel promises a visitor before they sign in.',
  submitted: 'What the welcome panel tells an applicant who has submitted: their last steps.',
  nextSteps: 'What happens next: the confirmation e-mail and the status page.',
  emails:
    'The subject and body of each e-mail the product sends, as plain text. A placeholder in braces is filled in for each recipient; the sender’s name and the signature after the body are the configuration file’s.',
  reminders:
    'When the daily reminders go: each a whole number of days from 1 to 365, or left empty to send no such reminder. Their words are among the e-mails. Each applicant gets each reminder once.',
};

const ANNOUNCEMENT_LABELS: Record<(typeof ANNOUNCEMENT_FIELDS)[number], string> = {
  text: 'Text',
  from: 'First day shown',
  until: 'Day it stops showing',
  urgent: 'Urgent (shown in red)',
  id: 'Name (lower-case letters, digits and hyphens)',
};

const PREVIEW_HINTS: Partial<Record<OfficeWordSection, string>> = {
  letters: 'Each letter as an applicant will read it, filled in for a sample applicant.',
  emails: 'Each e-mail as it will arrive, filled in for a sample recipient.',
};

/** Nothing to check as the person types: the shared checks run on Preview (and on the server). */
const NO_SCHEMA = object({}) as ObjectSchema<Values>;

/** A letter as the applicant will see it, filled in for a sample applicant. */
function LetterPreview({ letters }: { letters: OfficeWords['letters'] }) {
  const values = sampleLetterValues(institution, new Date());
  return (
    <>
      {DECISIONS.map((d) => (
        <article key={d} className="staff-settings__letter" aria-label={`${DECISION_LABELS[d]} letter`}>
          <h3>{fillTemplate(letters[d].title, values)}</h3>
          {letterParagraphs(letters[d].text, values).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </article>
      ))}
    </>
  );
}

/** An HTML e-mail's paragraphs (the password reset) as the mail program shows them: the link's words a link, the code in bold. */
function HtmlMailBody({ kind, words, values }: { kind: MailKind; words: MailWords; values: MailValues }) {
  return (
    <>
      {mailParagraphs(kind, words, values).map((paragraph, i) => (
        <p key={i} className="staff-settings__text">
          {paragraph.map((s, j) =>
            s.href !== undefined ? (
              <a key={j} href={s.href} target="_blank" rel="noreferrer">
                {s.text}
              </a>
            ) : s.strong ? (
              <strong key={j}>{s.text}</strong>
            ) : (
              s.text
            ),
          )}
        </p>
      ))}
    </>
  );
}

/** Each e-mail as it will arrive (From, Subject, the text), filled in for a sample recipient of this institution. */
function EmailPreview({ emails, nextSteps }: { emails: OfficeWords['emails']; nextSteps: string }) {
  const values = sampleMailValues(institution, window.location.origin, nextSteps, new Date());
  return (
    <>
      {MAIL_KINDS.map((kind) => {
        const mail = composeMail(kind, emails[kind], values, mailSender.signature);
        return (
          <article key={kind} className="staff-settings__letter" aria-label={`${MAILS[kind].label} e-mail`}>
            <h3>{MAILS[kind].label}</h3>
            <dl className="staff-settings__mail-head">
              <dt>From</dt>
              <dd>{mailSender.senderName}</dd>
              <dt>Subject</dt>
              <dd>{mail.subject}</dd>
            </dl>
            {MAILS[kind].html ? <HtmlMailBody kind={kind} words={emails[kind]} values={values} /> : <p className="staff-settings__text">{mail.text}</p>}
          </article>
        );
      })}
    </>
  );
}

/** What an e-mail's placeholders stand for, and which of them its subject may use and its body needs. */
function placeholderHint(kind: MailKind): string {
  const spec = MAILS[kind];
  const named = spec.placeholders.map((p) => `{${p}} ${MAIL_PLACEHOLDERS[p]}`).join('; ');
  const subject = `The subject may use ${spec.subjectPlaceholders.map((p) => `{${p}}`).join(', ')}.`;
  const required = spec.required.length > 0 ? ` The body must keep ${spec.required.map((p) => `{${p}}`).join(' and ')}.` : '';
  const html = spec.html ? ' A blank line starts a paragraph; [words]({link}) makes those words the link.' : '';
  return `Sent ${spec.sentWhen}. Placeholders: ${named}. ${subject}${required}${html}`;
}

function Preview({ section, value, nextSteps }: { section: OfficeWordSection; value: unknown; nextSteps: string }) {
  if (section === 'letters') return <LetterPreview letters={value as OfficeWords['letters']} />;
  if (section === 'emails') return <EmailPreview emails={value as OfficeWords['emails']} nextSteps={nextSteps} />;
  if (section === 'announcements') {
    const list = value as OfficeWords['announcements'];
    if (list.length === 0) return <p>No announcements: none will show.</p>;
    return (
      <>
        {list.map((a) => (
          <p key={a.id} className={`deadline${a.urgent ? ' deadline--urgent' : ''}`}>
            {a.text}{' '}
            <span className="field__hint">
              (from {a.from}, until {a.until})
            </span>
          </p>
        ))}
      </>
    );
  }
  if (section === 'reminders') {
    const days = value as OfficeWords['reminders'];
    return (
      <ul>
        {REMINDER_SETTINGS.map((r) => (
          <li key={r.kind}>
            {r.label}: {days[r.kind] === undefined ? 'off, not sent' : `${days[r.kind]} ${r.counts}`}
          </li>
        ))}
      </ul>
    );
  }
  return <p className="staff-settings__text">{value as string}</p>;
}

/** What the fields need of the form: its values, messages, ids and edit. */
type FieldsForm = Pick<ReturnType<typeof useStaffForm>, 'values' | 'errors' | 'edit' | 'fieldId'>;

function SectionFields({ section, form }: { section: OfficeWordSection; form: FieldsForm }) {
  const { values, errors, edit, fieldId } = form;
  const text = (key: string, label: string, rows = 4, hint?: string) => (
    <div id={fieldId(key)} key={key}>
      <TextAreaField label={label} name={key} value={values[key] ?? ''} onValue={(v) => edit(key, v)} errors={errors[key]} rows={rows} hint={hint} />
    </div>
  );
  if (section === 'letters')
    return (
      <>
        {DECISIONS.map((d) => (
          <fieldset key={d} className="staff-settings__group">
            <legend>{DECISION_LABELS[d]} letter</legend>
            <div id={fieldId(letterKey(d, 'title'))}>
              <Field
                label="Title"
                name={letterKey(d, 'title')}
                value={values[letterKey(d, 'title')] ?? ''}
                onValue={(v) => edit(letterKey(d, 'title'), v)}
                errors={errors[letterKey(d, 'title')]}
              />
            </div>
            {text(letterKey(d, 'text'), 'Text', 10)}
          </fieldset>
        ))}
      </>
    );
  if (section === 'emails')
    return (
      <>
        {MAIL_KINDS.map((kind) => {
          const hintId = `staff-settings-mail-${kind}-hint`;
          return (
            <fieldset key={kind} className="staff-settings__group">
              <legend>{MAILS[kind].label} e-mail</legend>
              <p id={hintId} className="field__hint">
                {placeholderHint(kind)}
              </p>
              <div id={fieldId(mailKey(kind, 'subject'))}>
                <Field
                  label="Subject"
                  name={mailKey(kind, 'subject')}
                  value={values[mailKey(kind, 'subject')] ?? ''}
                  onValue={(v) => edit(mailKey(kind, 'subject'), v)}
                  errors={errors[mailKey(kind, 'subject')]}
                  describedBy={hintId}
                  autoComplete="off"
                />
              </div>
              <div id={fieldId(mailKey(kind, 'body'))}>
                <TextAreaField
                  label="Body"
                  name={mailKey(kind, 'body')}
                  value={values[mailKey(kind, 'body')] ?? ''}
                  onValue={(v) => edit(mailKey(kind, 'body'), v)}
                  errors={errors[mailKey(kind, 'body')]}
                  describedBy={hintId}
                  rows={12}
                />
              </div>
            </fieldset>
          );
        })}
      </>
    );
  if (section === 'announcements') {
    const count = Number(values[COUNT_KEY] ?? 0);
    const remove = (index: number) => {
      // Each later announcement moves up one place.
      for (let i = index; i < count - 1; i++) for (const f of ANNOUNCEMENT_FIELDS) edit(announcementKey(i, f), values[announcementKey(i + 1, f)] ?? '');
      edit(COUNT_KEY, String(count - 1));
    };
    const add = () => {
      for (const f of ANNOUNCEMENT_FIELDS) edit(announcementKey(count, f), f === 'urgent' ? 'false' : f === 'id' ? `announcement-${count + 1}` : '');
      edit(COUNT_KEY, String(count + 1));
    };
    return (
      <>
        <div id={fieldId(COUNT_KEY)} tabIndex={-1}>
          {count === 0 && <p>No announcements.</p>}
        </div>
        {Array.from({ length: count }, (_, i) => (
          <fieldset key={i} className="staff-settings__group">
            <legend>Announcement {i + 1}</legend>
            {text(announcementKey(i, 'text'), ANNOUNCEMENT_LABELS.text, 2)}
            {(['from', 'until', 'id'] as const).map((f) => (
              <div id={fieldId(announcementKey(i, f))} key={f}>
                <Field
                  label={ANNOUNCEMENT_LABELS[f]}
                  name={announcementKey(i, f)}
                  value={values[announcementKey(i, f)] ?? ''}
                  onValue={(v) => edit(announcementKey(i, f), v)}
                  errors={errors[announcementKey(i, f)]}
                  autoComplete="off"
                />
              </div>
            ))}
            <div className="field" id={fieldId(announcementKey(i, 'urgent'))}>
              <label>
                <input
                  type="checkbox"
                  checked={values[announcementKey(i, 'urgent')] === 'true'}
                  onChange={(e) => edit(announcementKey(i, 'urgent'), String(e.target.checked))}
                />{' '}
                {ANNOUNCEMENT_LABELS.urgent}
              </label>
            </div>
            <button type="button" className="button" onClick={() => remove(i)}>
              Remove announcement {i + 1}
            </button>
          </fieldset>
        ))}
        <button type="button" className="button" onClick={add}>
          Add an announcement
        </button>
      </>
    );
  }
  if (section === 'reminders')
    return (
      <>
        {REMINDER_SETTINGS.map((r) => (
          <div id={fieldId(reminderKey(r.kind))} key={r.kind}>
            <Field
              label={`${r.label}: days`}
              name={reminderKey(r.kind)}
              value={values[reminderKey(r.kind)] ?? ''}
              onValue={(v) => edit(reminderKey(r.kind), v)}
              errors={errors[reminderKey(r.kind)]}
              describedBy={`staff-settings-${r.kind}-hint`}
              inputMode="numeric"
              autoComplete="off"
            />
            <p id={`staff-settings-${r.kind}-hint`} className="field__hint">
              The number of {r.counts}; empty: not sent.
            </p>
          </div>
        ))}
      </>
    );
  return text(TEXT_KEY, TITLES[section], 6);
}

function History({
  section,
  history,
  onRevert,
  reverting,
}: {
  section: OfficeWordSection;
  history: SettingHistory | undefined;
  onRevert: (version: number) => void;
  reverting: boolean;
}) {
  const versions = history?.versions ?? [];
  return (
    <section className="panel" aria-labelledby="staff-settings-history">
      <h2 id="staff-settings-history">Earlier versions</h2>
      {versions.length === 0 ? (
        <p>Never changed: these are the words of the configuration file.</p>
      ) : (
        <ol className="staff-settings__history">
          {versions.map((v, i) => (
            <li key={v.version}>
              Version {v.version}, saved by {v.by} on {formatDateTime(v.at)}
              {v.revertedFrom !== undefined && ` (put back ${v.revertedFrom === 0 ? 'the configuration file’s words' : `version ${v.revertedFrom}`})`}
              {i === 0 ? (
                ' — in use now'
              ) : (
                <>
                  {' '}
                  <button type="button" className="link-button" onClick={() => onRevert(v.version)} aria-disabled={reverting || undefined}>
                    Go back to version {v.version}
                  </button>
                </>
              )}
            </li>
          ))}
          <li>
            The configuration file’s words{' '}
            <button type="button" className="link-button" onClick={() => onRevert(0)} aria-disabled={reverting || undefined}>
              Go back to the configuration file’s {OFFICE_WORD_SECTION_LABELS[section].replace(/^the /, '')}
            </button>
          </li>
        </ol>
      )}
    </section>
  );
}

/**
 * Settings: the words the office changes without a deploy. One section at a time: its fields,
 * a preview (a letter filled in for a sample applicant, an announcement as the banner shows it)
 * made with the checks the server runs, then Save; below, the earlier versions, each of which
 * can be put back. Applicants see a saved change within a minute.
 */
export default function SettingsScreen({
  section,
  settings,
  history,
}: {
  section: OfficeWordSection;
  settings: SettingsReply | undefined;
  history: SettingHistory | undefined;
}) {
  const save = useSaveSetting();
  const initial: Values = settings ? toValues(section, settings[section].value) : {};
  const [preview, setPreview] = useState<unknown>(undefined);
  const [done, setDone] = useState<string | null>(null);
  const form = useStaffForm(NO_SCHEMA, initial, { fields: fieldOrder(section), mutation: save });
  const doneRef = useFocusOnOutcome<HTMLParagraphElement>(done);
  const previewRef = useFocusOnOutcome<HTMLHeadingElement>(preview);
  useStaffTitle(`Settings: ${TITLES[section]}`, form.hasErrors);

  const edit: typeof form.edit = (field, value) => {
    form.edit(field, value);
    setPreview(undefined);
    setDone(null);
  };
  const editing: FieldsForm = { values: form.values, errors: form.errors, fieldId: form.fieldId, edit };

  const showPreview = form.onSubmit((values) => {
    setDone(null);
    const checked = checkSection(section, fromValues(section, values));
    if (!checked.ok) {
      const messages: Record<string, string[]> = {};
      for (const f of checked.findings) (messages[fieldOf(section, f)] ??= []).push(findingInWords(section, f));
      form.refuse(messages);
      setPreview(undefined);
      return;
    }
    setPreview(checked.value);
  });

  const saved = (message: string, value: unknown) => {
    setPreview(undefined);
    setDone(message);
    form.reset(toValues(section, value as OfficeWords[typeof section]));
  };

  return (
    <>
      <h1>Settings</h1>
      <p>The words applicants read that the office changes itself. A change reaches applicants within a minute; each one is kept and can be undone.</p>
      <nav aria-label="Settings sections">
        <ul className="staff-settings__sections">
          {OFFICE_WORD_SECTIONS.map((s) => (
            <li key={s}>
              <NavLink to={`/staff/settings/${s}`}>{TITLES[s]}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <ErrorSummary {...form.summary} />
      {done && (
        <p className="staff-settings__done" role="status" tabIndex={-1} ref={doneRef}>
          {done}
        </p>
      )}
      <form noValidate onSubmit={showPreview} className="panel" aria-labelledby="staff-settings-title">
        <h2 id="staff-settings-title">{TITLES[section]}</h2>
        <p className="field__hint">{HINTS[section]}</p>
        {settings && <SectionFields section={section} form={editing} />}
        <button type="submit" className="button button--primary">
          Preview
        </button>
      </form>
      {preview !== undefined && (
        <section className="panel staff-settings__preview" aria-labelledby="staff-settings-preview">
          <h2 id="staff-settings-preview" tabIndex={-1} ref={previewRef}>
            Preview
          </h2>
          <p className="field__hint">{PREVIEW_HINTS[section] ?? 'As applicants will see it.'}</p>
          <Preview section={section} value={preview} nextSteps={settings?.nextSteps.value ?? ''} />
          <button
            type="button"
            className="button button--primary"
            aria-disabled={save.isPending || undefined}
            onClick={() => !save.isPending && form.send({ section, body: { value: preview } }, (r) => saved(r.message, r.setting.value))}
          >
            {save.isPending ? 'Please wait…' : 'Save these words'}
          </button>
        </section>
      )}
      <History
        section={section}
        history={history}
        reverting={save.isPending}
        onRevert={(version) => !save.isPending && form.send({ section, body: { revertedFrom: version } }, (r) => saved(r.message, r.setting.value))}
      />
    </>
  );
}

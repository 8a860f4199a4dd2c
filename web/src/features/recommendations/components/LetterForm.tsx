import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FILE_ACCEPT, LETTER_FILE_NAME_MAX_LENGTH } from '#form/files';
import { InputError } from '#form/wire/input';
import { parseLetterSubmission, RECOMMENDATION_COMMENTS_MAX_LENGTH, RELATIONSHIP_MAX_LENGTH } from '#form/wire/recommendations';
import { ErrorList } from '#web/components/ErrorList';
import { ErrorSummary, prefixedFieldId, summaryItems } from '#web/components/ErrorSummary';
import { Field } from '#web/components/fields';
import { Spinner } from '#web/components/Spinner';
import { ApiError } from '#web/lib/api-client';
import { T, useT } from '#web/lib/i18n';
import { genericErrorMessage } from '#web/lib/messages';
import { submitRecommendation } from '../api/recommender-api';
import { useLetterUpload } from './use-letter-upload';

const PREFIX = 'letter';
/** The summary's order, the page's order; the server's file_key and file_name are the letter's field. */
const FIELDS = ['letter', 'relationship', 'known_since', 'comments'] as const;
type FieldName = (typeof FIELDS)[number];
type Errors = Partial<Record<FieldName, string[]>>;

/** The contract's field names as this form's fields. */
function asFormErrors(errors: Record<string, readonly string[] | undefined>): Errors {
  const out: Errors = {};
  for (const [key, messages] of Object.entries(errors)) {
    if (!messages?.length) continue;
    const field: FieldName | undefined =
      key === 'file_key' || key === 'file_name' ? 'letter' : (FIELDS as readonly string[]).includes(key) ? (key as FieldName) : undefined;
    if (field) out[field] = [...(out[field] ?? []), ...messages.filter((m) => !out[field]?.includes(m))];
  }
  return out;
}

export interface LetterValues {
  relationship: string;
  known_since: string;
  comments: string;
}

/**
 * The letter, how the recommender knows the applicant, since when, and any comments; Submit.
 * Checked on submit with the contract's own rules (the summary takes focus); the server's
 * refusals are shown the same way.
 */
export function LetterForm({ token, onSubmitted }: { token: string; onSubmitted: () => void }) {
  const t = useT();
  const { state, upload } = useLetterUpload(token);
  const [values, setValues] = useState<LetterValues>({ relationship: '', known_since: '', comments: '' });
  const [checked, setChecked] = useState<Errors>({});
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const uploading = state.kind === 'uploading' || state.kind === 'converting';
  // The input is disabled while the letter uploads, which drops the keyboard's focus: it returns there when the upload ends.
  useEffect(() => {
    if ((state.kind === 'ready' || state.kind === 'failed') && (document.activeElement === document.body || document.activeElement === null))
      input.current?.focus();
  }, [state.kind]);
  // The file's own problems (its rules, a failed conversion) show at once; the rest after a submit.
  const errors: Errors = { ...checked, ...(state.kind === 'failed' ? { letter: state.messages } : {}) };
  if (state.kind === 'ready' && checked.letter) delete errors.letter;

  const set = (field: keyof LetterValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setChecked((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || uploading) return;
    const body = { token, file_key: state.kind === 'ready' ? state.fileKey : '', file_name: state.kind === 'ready' ? state.fileName : '', ...values };
    let found: Errors = {};
    try {
      parseLetterSubmission(body);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      found = asFormErrors(error.errors ?? {});
    }
    setServerMessage(null);
    setChecked(found);
    setAttempt((n) => n + 1);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await submitRecommendation(token, { file_key: body.file_key, file_name: body.file_name, ...values });
      onSubmitted();
    } catch (error) {
      if (error instanceof ApiError && error.errors && Object.keys(asFormErrors(error.errors)).length > 0) setChecked(asFormErrors(error.errors));
      else setServerMessage(error instanceof Error && error.message ? error.message : genericErrorMessage());
      setAttempt((n) => n + 1);
      setBusy(false);
    }
  };

  const letterId = prefixedFieldId(PREFIX, 'letter');
  const letterErrors = errors.letter;
  const commentsId = prefixedFieldId(PREFIX, 'comments');
  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="letter-form-title">
      <h2 id="letter-form-title">{t('recommend.letter.title')}</h2>
      <ErrorSummary items={summaryItems(errors, FIELDS, serverMessage)} attempt={attempt} prefix={PREFIX} />
      <div className={`field${letterErrors?.length ? ' field--error' : ''}`}>
        <label htmlFor={letterId}>{t('recommend.letter.file')}</label>
        <p id={`${letterId}-hint`} className="field__hint">
          {t('recommend.letter.hint', { max: LETTER_FILE_NAME_MAX_LENGTH })}
        </p>
        {state.kind === 'ready' && (
          <p role="status" className="letter__ready">
            <T id="recommend.letter.ready" values={{ file: state.fileName }} components={[<strong />]} />
          </p>
        )}
        <input
          ref={input}
          id={letterId}
          type="file"
          accept={FILE_ACCEPT}
          disabled={uploading || busy}
          aria-describedby={[`${letterId}-hint`, letterErrors?.length ? `${letterId}-error` : ''].filter(Boolean).join(' ')}
          aria-invalid={letterErrors?.length ? true : undefined}
          onChange={(e) => {
            const file = e.target.files?.[0];
            // Emptied at once: the same file can be chosen again after a failure.
            e.target.value = '';
            setChecked((c) => ({ ...c, letter: undefined }));
            if (file) void upload(file);
          }}
        />
        {state.kind === 'uploading' && <Spinner size="m" label={t('recommend.letter.uploading', { file: state.fileName })} showLabel />}
        {state.kind === 'converting' && <Spinner size="m" label={t('recommend.letter.converting', { file: state.fileName })} showLabel />}
        <ErrorList id={`${letterId}-error`} errors={letterErrors} />
      </div>
      <div id={prefixedFieldId(PREFIX, 'relationship')}>
        <Field
          label={t('recommend.letter.relationship')}
          name="relationship"
          maxLength={RELATIONSHIP_MAX_LENGTH}
          autoComplete="off"
          value={values.relationship}
          onValue={(v) => set('relationship', v)}
          errors={errors.relationship}
        />
      </div>
      <div id={prefixedFieldId(PREFIX, 'known_since')}>
        <Field
          label={t('recommend.letter.knownSince')}
          name="known_since"
          inputMode="numeric"
          maxLength={4}
          autoComplete="off"
          className="letter__year"
          value={values.known_since}
          onValue={(v) => set('known_since', v)}
          errors={errors.known_since}
        />
      </div>
      <div className={`field${errors.comments?.length ? ' field--error' : ''}`}>
        <label htmlFor={commentsId}>
          {t('recommend.letter.comments')}
          <span className="field__optional"> {t('recommend.optional')}</span>
        </label>
        <textarea
          id={commentsId}
          name="comments"
          rows={4}
          maxLength={RECOMMENDATION_COMMENTS_MAX_LENGTH}
          value={values.comments}
          aria-invalid={errors.comments?.length ? true : undefined}
          aria-describedby={errors.comments?.length ? `${commentsId}-error` : undefined}
          onChange={(e) => set('comments', e.target.value)}
        />
        <ErrorList id={`${commentsId}-error`} errors={errors.comments} />
      </div>
      <p>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('recommend.letter.busy') : t('recommend.letter.submit')}
        </button>
      </p>
    </form>
  );
}

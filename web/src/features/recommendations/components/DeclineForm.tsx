import { useState, type FormEvent } from 'react';
import { DECLINE_REASON_MAX_LENGTH } from '#form/wire/recommendations';
import { ErrorList } from '#web/components/ErrorList';
import { useT } from '#web/lib/i18n';
import { genericErrorMessage } from '#web/lib/messages';
import { declineRecommendation } from '../api/recommender-api';

/** "I can't write this letter": an optional reason, then the request is declined and the applicant told. */
export function DeclineForm({ token, onDeclined }: { token: string; onDeclined: () => void }) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const id = 'decline-reason';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors([]);
    try {
      await declineRecommendation(token, reason);
      onDeclined();
    } catch (error) {
      setErrors([error instanceof Error && error.message ? error.message : genericErrorMessage()]);
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="decline-title" className="recommend__decline">
      <h2 id="decline-title">{t('recommend.decline.title')}</h2>
      <p>{t('recommend.decline.text')}</p>
      <div className={`field${errors.length ? ' field--error' : ''}`}>
        <label htmlFor={id}>
          {t('recommend.decline.reason')}
          <span className="field__optional"> {t('recommend.optional')}</span>
        </label>
        <p id={`${id}-hint`} className="field__hint">
          {t('recommend.decline.hint', { max: DECLINE_REASON_MAX_LENGTH })}
        </p>
        <textarea
          id={id}
          name="reason"
          rows={3}
          maxLength={DECLINE_REASON_MAX_LENGTH}
          value={reason}
          aria-invalid={errors.length ? true : undefined}
          aria-describedby={errors.length ? `${id}-hint ${id}-error` : `${id}-hint`}
          onChange={(e) => setReason(e.target.value)}
        />
        <ErrorList id={`${id}-error`} errors={errors} />
      </div>
      <p>
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('recommend.decline.busy') : t('recommend.decline.submit')}
        </button>
      </p>
    </form>
  );
}

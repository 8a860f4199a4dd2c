import { useState, type FormEvent } from 'react';
import { DECLINE_REASON_MAX_LENGTH } from '#form/wire/recommendations';
import { ErrorList } from '#web/components/ErrorList';
import { GENERIC_ERROR_MESSAGE } from '#web/lib/messages';
import { declineRecommendation } from '../api/recommender-api';

/** "I can't write this letter": an optional reason, then the request is declined and the applicant told. */
export function DeclineForm({ token, onDeclined }: { token: string; onDeclined: () => void }) {
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
      setErrors([error instanceof Error && error.message ? error.message : GENERIC_ERROR_MESSAGE]);
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-labelledby="decline-title" className="recommend__decline">
      <h2 id="decline-title">Cannot write a letter?</h2>
      <p>If you decline, the applicant is told so they can ask someone else.</p>
      <div className={`field${errors.length ? ' field--error' : ''}`}>
        <label htmlFor={id}>
          Why are you declining?<span className="field__optional"> (optional)</span>
        </label>
        <p id={`${id}-hint`} className="field__hint">
          At most {DECLINE_REASON_MAX_LENGTH} characters.
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
          {busy ? 'Declining…' : 'Decline the request'}
        </button>
      </p>
    </form>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { DECISION_LABELS, REVIEW_SCORE_MAX, REVIEW_SCORE_MIN } from '#form/wire/decision-words';
import type { Review, ReviewForm as ReviewFormShape } from '#form/wire/decisions';
import { ErrorSummary } from '#web/components/ErrorSummary';
import { RadioGroup } from '#web/components/RadioGroup';
import { reviewFormQuery } from '../api/queries';
import { formatDateTime } from '../shared/format';
import { TextAreaField } from '../shared/TextAreaField';
import { useFocusOnOutcome, useStaffForm, type Values } from '../shared/use-staff-form';
import { useSaveReview } from './mutations';
import { NextToRead } from './NextToRead';
import { reviewSchema, scoreField } from './validation';

/** Its own ids: the application page holds the review and the decision forms at once. */
const PREFIX = 'staff-review';

const SCORES = Array.from({ length: REVIEW_SCORE_MAX - REVIEW_SCORE_MIN + 1 }, (_, i) => String(REVIEW_SCORE_MIN + i)).map((value) => ({
  value,
  label: value,
}));

function initialValues(form: ReviewFormShape, own: Review | undefined): Values {
  const values: Values = { recommendation: own?.recommendation ?? '', notes: own?.notes ?? '' };
  for (const c of form.criteria) values[scoreField(c.key)] = own?.scores[c.key] !== undefined ? String(own.scores[c.key]) : '';
  return values;
}

/** The form itself, once the rubric is known; keyed by the review it revises so a saved one refills it. */
function ReviewFields({
  form,
  own,
  save,
  onSaved,
  onErrorsShown,
}: {
  form: ReviewFormShape;
  own: Review | undefined;
  save: ReturnType<typeof useSaveReview>;
  onSaved: () => void;
  onErrorsShown: (shown: boolean) => void;
}) {
  const schema = useMemo(() => reviewSchema(form.criteria), [form.criteria]);
  const first = form.criteria[0];
  const staff = useStaffForm(schema, initialValues(form, own), {
    fields: [...form.criteria.map((c) => scoreField(c.key)), 'recommendation', 'notes'],
    mutation: save,
    // The server names `scores` as a whole: its message goes beside the first criterion.
    place: ({ scores, ...rest }) => ({ ...rest, ...(scores && first ? { [scoreField(first.key)]: scores } : {}) }),
    prefix: PREFIX,
    onErrorsShown,
  });
  const { errors, edit, fieldId } = staff;
  const submit = staff.onSubmit((v) => {
    const scores = Object.fromEntries(form.criteria.map((c) => [c.key, Number(v[scoreField(c.key)])]));
    staff.send({ scores, recommendation: v.recommendation as ReviewFormShape['recommendations'][number], notes: (v.notes ?? '').trim() }, onSaved);
  });
  return (
    <form noValidate onSubmit={submit} aria-labelledby="staff-review-title">
      <ErrorSummary {...staff.summary} />
      {form.criteria.map((c) => (
        <RadioGroup
          key={c.key}
          id={fieldId(scoreField(c.key))}
          name={scoreField(c.key)}
          legend={c.label}
          hint={`${c.help} From ${REVIEW_SCORE_MIN} (weakest) to ${REVIEW_SCORE_MAX} (strongest).`}
          options={SCORES}
          value={staff.values[scoreField(c.key)] ?? ''}
          onValue={(v) => edit(scoreField(c.key), v)}
          errors={errors[scoreField(c.key)]}
          inline
        />
      ))}
      <RadioGroup
        id={fieldId('recommendation')}
        name="recommendation"
        legend="Recommendation"
        options={form.recommendations.map((r) => ({ value: r, label: DECISION_LABELS[r] }))}
        value={staff.values.recommendation ?? ''}
        onValue={(v) => edit('recommendation', v)}
        errors={errors.recommendation}
        inline
      />
      <div id={fieldId('notes')}>
        <TextAreaField
          label="Notes (optional)"
          name="notes"
          value={staff.values.notes ?? ''}
          onValue={(v) => edit('notes', v)}
          errors={errors.notes}
          rows={5}
        />
      </div>
      <button type="submit" className="button button--primary" aria-disabled={save.isPending || undefined}>
        {save.isPending ? 'Please wait…' : own ? 'Save the revised review' : 'Save review'}
      </button>
    </form>
  );
}

/**
 * "Your review": the rubric's criteria (1–5 each, with their help), a recommendation and notes,
 * filled in with the member's own review to revise. Saving says so, with the next in the queue.
 */
export function ReviewForm({ id, own, onErrorsShown }: { id: string; own: Review | undefined; onErrorsShown: (shown: boolean) => void }) {
  const { data: form, error } = useQuery(reviewFormQuery());
  // Here, not in the fields: a saved review refills them (a new key), and the save's outcome outlives them.
  const save = useSaveReview(id);
  const [saved, setSaved] = useState(0);
  const message = useFocusOnOutcome<HTMLParagraphElement>(saved);
  return (
    <section aria-labelledby="staff-review-title" className="panel staff-review">
      <h2 id="staff-review-title" tabIndex={-1}>
        Your review
      </h2>
      {own && <p>You reviewed this application on {formatDateTime(own.updated_at)}; saving again revises your review.</p>}
      {error && <p role="alert">The review form could not be loaded: {error.message}</p>}
      {saved > 0 && (
        <div className="staff-saved">
          <p ref={message} tabIndex={-1} role="status">
            Your review has been saved.
          </p>
          <NextToRead />
        </div>
      )}
      {form && (
        <ReviewFields key={own?.updated_at ?? 'new'} form={form} own={own} save={save} onErrorsShown={onErrorsShown} onSaved={() => setSaved((n) => n + 1)} />
      )}
    </section>
  );
}

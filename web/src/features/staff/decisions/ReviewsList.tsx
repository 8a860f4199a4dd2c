import { useQuery } from '@tanstack/react-query';
import { DECISION_LABELS, REVIEW_SCORE_MAX } from '#form/wire/decision-words';
import type { Review } from '#form/wire/decisions';
import { reviewFormQuery } from '../api/queries';
import { formatDateTime } from '../shared/format';

/** Every review of the application, as deciders and admins read them: who, when, the scores by criterion, the recommendation, the notes. */
export function ReviewsList({ reviews }: { reviews: readonly Review[] }) {
  const { data: form } = useQuery(reviewFormQuery());
  const labelOf = (key: string) => form?.criteria.find((c) => c.key === key)?.label ?? key.replace(/_/g, ' ');
  return (
    <section aria-labelledby="staff-reviews-title" className="panel">
      <h2 id="staff-reviews-title">Reviews</h2>
      {reviews.length === 0 ? (
        <p>No one has reviewed this application yet.</p>
      ) : (
        <ul className="staff-reviews">
          {reviews.map((r, i) => (
            <li key={r.reviewer}>
              <section aria-labelledby={`staff-review-${i}`}>
                <h3 id={`staff-review-${i}`}>
                  {r.reviewer}: {DECISION_LABELS[r.recommendation]}
                </h3>
                <dl className="staff-facts">
                  <div>
                    <dt>Reviewed</dt>
                    <dd>
                      {formatDateTime(r.updated_at)}
                      {r.updated_at !== r.created_at && <> (first {formatDateTime(r.created_at)})</>}
                    </dd>
                  </div>
                  <div>
                    <dt>Recommendation</dt>
                    <dd>{DECISION_LABELS[r.recommendation]}</dd>
                  </div>
                  {Object.entries(r.scores).map(([key, score]) => (
                    <div key={key}>
                      <dt>{labelOf(key)}</dt>
                      <dd>
                        {score} of {REVIEW_SCORE_MAX}
                      </dd>
                    </div>
                  ))}
                </dl>
                <p className="staff-comments">{r.notes ? <>Notes: {r.notes}</> : <span className="staff-muted">No notes</span>}</p>
              </section>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

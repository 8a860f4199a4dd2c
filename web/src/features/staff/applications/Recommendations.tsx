import type { ReactNode } from 'react';
import type { StaffRecommendation } from '#form/wire/recommendations';
import { ROLE_WORDS, STATUS_WORDS, waiverInWords } from '../../recommendations';
import { formatDateTime } from '../shared/format';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** One recommender: who, the state and dates, what they wrote beside the letter, and the letter (each opening is audited). */
function Recommendation({ r, index }: { r: StaffRecommendation; index: number }) {
  const headingId = `staff-recommendation-${index}`;
  return (
    <section aria-labelledby={headingId} className="staff-recommendation">
      <h3 id={headingId}>
        {ROLE_WORDS[r.role]}: {r.name}
      </h3>
      <dl className="staff-facts">
        <Fact term="E-mail">{r.email}</Fact>
        <Fact term="Status">{STATUS_WORDS[r.status]}</Fact>
        <Fact term="Invited">{formatDateTime(r.invited_at)}</Fact>
        <Fact term="Submitted">{r.submitted_at ? formatDateTime(r.submitted_at) : <span className="staff-muted">Not yet</span>}</Fact>
        <Fact term="Waiver">{waiverInWords(r.waiver)}</Fact>
        <Fact term="Relationship">{r.relationship || <span className="staff-muted">Not given</span>}</Fact>
        <Fact term="Known since">{r.known_since || <span className="staff-muted">Not given</span>}</Fact>
        <Fact term="Comments">{r.comments ? <span className="staff-comments">{r.comments}</span> : <span className="staff-muted">None</span>}</Fact>
      </dl>
      {r.download_url && (
        <p>
          <a href={r.download_url} target="_blank" rel="noopener noreferrer">
            Open the letter from {r.name}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      )}
    </section>
  );
}

/** The application's recommendations as the office reads them. */
export function Recommendations({ items }: { items: readonly StaffRecommendation[] | undefined }) {
  return (
    <section aria-labelledby="staff-recommendations-title" className="panel">
      <h2 id="staff-recommendations-title">Recommendations</h2>
      {!items?.length ? <p>The applicant has not invited any recommenders.</p> : items.map((r, i) => <Recommendation key={r.id} r={r} index={i} />)}
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DUPLICATE_RULE_WORDS, type DuplicateVerdict, type PossibleDuplicate } from '#form/wire/duplicates';
import { ApiError } from '#web/lib/api-client';
import { duplicatesQuery } from '../api/queries';
import { useAllowed } from '../session/allowed';
import { formatDateTime } from '../shared/format';
import { useFocusOnOutcome } from '../shared/use-staff-form';
import { useMarkDuplicate } from './mutations';

const STATE_WORDS: Record<PossibleDuplicate['state'], string> = {
  open: 'Not looked at yet',
  same: 'The same person: the two applications are linked',
  not: 'Not a duplicate',
};

const VERDICT_BUTTONS: ReadonlyArray<{ verdict: DuplicateVerdict; label: string }> = [
  { verdict: 'same', label: 'Same person' },
  { verdict: 'not', label: 'Not a duplicate' },
];

function Verdicts({ id, item, onDone }: { id: string; item: PossibleDuplicate; onDone: (message: string) => void }) {
  const mutation = useMarkDuplicate(id, item.id);
  const refused = mutation.error instanceof ApiError ? mutation.error.message : mutation.error ? 'That did not work. Try again.' : '';
  return (
    <div className="staff-actions">
      {VERDICT_BUTTONS.filter((b) => b.verdict !== item.state).map(({ verdict, label }) => (
        <button
          key={verdict}
          type="button"
          className="button"
          aria-disabled={mutation.isPending || undefined}
          onClick={() => {
            if (!mutation.isPending) mutation.mutate({ verdict }, { onSuccess: (done) => onDone(done.message) });
          }}
        >
          {label} <span className="visually-hidden">({item.reference || item.name})</span>
        </button>
      ))}
      {refused && (
        <p role="alert" className="error-message">
          {refused}
        </p>
      )}
    </div>
  );
}

/**
 * The applications flagged as possible duplicates of this one at submission (issue 39, item 5):
 * each with what matched, its state, and for the roles allowed "same person" or "not a duplicate".
 * Nothing shows when none was flagged. The applicant never sees any of it.
 */
export function Duplicates({ id }: { id: string }) {
  const { data } = useQuery(duplicatesQuery(id));
  const judges = useAllowed('markDuplicate');
  const [done, setDone] = useState('');
  const message = useFocusOnOutcome<HTMLParagraphElement>(done);
  const items = data?.items ?? [];
  if (items.length === 0 && !done) return null;
  return (
    <section aria-labelledby="staff-duplicates-title" className="panel">
      <h2 id="staff-duplicates-title">Possible duplicates</h2>
      <p>Flagged when this application was submitted. The applicant is never told.</p>
      {done && (
        <p ref={message} tabIndex={-1} role="status" className="staff-saved">
          {done}
        </p>
      )}
      <ul className="staff-materials">
        {items.map((item) => (
          <li key={item.id} className="staff-material">
            <h3>
              <Link to={`/staff/applications/${encodeURIComponent(item.id)}`}>{[item.name, item.reference].filter(Boolean).join(', ')}</Link>
            </h3>
            <p>
              Submitted {formatDateTime(item.submitted_at)}. Matched on {item.rules.map((r) => DUPLICATE_RULE_WORDS[r]).join('; ')}.
            </p>
            <p>
              {STATE_WORDS[item.state]}
              {item.by && item.at && `, marked by ${item.by} on ${formatDateTime(item.at)}`}.
            </p>
            {judges && <Verdicts id={id} item={item} onDone={setDone} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

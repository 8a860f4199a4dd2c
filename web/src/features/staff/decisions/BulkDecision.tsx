import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { DECISION_LABELS, DECISIONS, MAX_BULK_IDS, type Decision } from '#form/wire/decision-words';
import { ConfirmDialog } from '#web/components/Dialog';
import { ErrorSummary, summaryItems } from '#web/components/ErrorSummary';
import { queryClient } from '#web/lib/query-client';
import { STAFF_LOGIN } from '../api/queries';
import { isStaffSessionLost, recordDecisions, refusedIds, type ApplicationSummary } from '../api/staff-api';
import { SelectField } from '../shared/SelectField';
import { fieldId, STAFF_PREFIX } from '../shared/use-staff-form';

const OPTIONS = DECISIONS.map((d) => ({ value: d, label: DECISION_LABELS[d] }));
const plural = (n: number) => `${n} ${n === 1 ? 'application' : 'applications'}`;

/** An application as the office names it: its reference and applicant, or its id when not on this page. */
export function nameOf(id: string, items: readonly ApplicationSummary[]): string {
  const a = items.find((i) => i.id === id);
  if (!a) return id;
  return a.reference ? `${a.reference} (${a.name || a.email})` : a.name || a.email;
}

/** Where a bulk refusal's ids lead: each to its application. */
function RefusedList({ ids, items }: { ids: readonly string[]; items: readonly ApplicationSummary[] }) {
  return (
    <ul>
      {ids.map((id) => (
        <li key={id}>
          <Link to={`/staff/applications/${encodeURIComponent(id)}`}>{nameOf(id, items)}</Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * "Decide N selected": one decision for the rows ticked on this page, confirmed in a dialog; all or
 * nothing, so a refusal names the applications that stopped it. An admin may also take the
 * selection to the releases screen.
 */
export function BulkDecision({
  selected,
  items,
  mayRelease,
  onDone,
}: {
  selected: readonly string[];
  items: readonly ApplicationSummary[];
  mayRelease: boolean;
  onDone: () => void;
}) {
  const navigate = useNavigate();
  const [decision, setDecision] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [attempt, setAttempt] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState('');
  const doneRef = useRef<HTMLParagraphElement>(null);
  const refusalRef = useRef<HTMLDivElement>(null);
  const decide = useMutation({ mutationKey: ['staff-decisions'], mutationFn: recordDecisions, meta: { inlineErrors: true } });
  const n = selected.length;
  const chosen = DECISIONS.find((d) => d === decision);
  const refused = refusedIds(decide.error);

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);
  useEffect(() => {
    if (decide.error) refusalRef.current?.focus();
  }, [decide.error]);

  const check = (): Decision | null => {
    const next: Record<string, string[]> = {};
    if (n === 0) next.bulk_selection = ['Select the applications to decide: tick their rows in the table.'];
    if (n > MAX_BULK_IDS) next.bulk_selection = [`Select at most ${MAX_BULK_IDS} applications at once.`];
    if (!chosen) next.bulk_decision = ['Choose the decision for the selected applications.'];
    setErrors(next);
    setAttempt((a) => a + 1);
    return Object.keys(next).length === 0 && chosen ? chosen : null;
  };

  const confirm = () => {
    if (!chosen) return;
    setConfirming(false);
    const ids = [...selected];
    decide.mutate(
      { ids, decision: chosen },
      {
        onSuccess: (result) => {
          setDone(`${DECISION_LABELS[result.decision]} recorded for ${plural(result.count)}. The applicants see nothing until the decisions are released.`);
          onDone();
          void queryClient.invalidateQueries({ queryKey: ['staff', 'applications'] });
        },
        onError: (error) => {
          if (isStaffSessionLost(error))
            void navigate(`${STAFF_LOGIN}?next=${encodeURIComponent(window.location.pathname + window.location.search)}`, { replace: true });
        },
      },
    );
  };

  return (
    <section aria-labelledby="staff-bulk-title" className="panel staff-bulk">
      <h2 id="staff-bulk-title">Decide the selected applications</h2>
      <ErrorSummary prefix={STAFF_PREFIX} items={summaryItems(errors, ['bulk_selection', 'bulk_decision'])} attempt={attempt} />
      {done && !decide.error && (
        <p ref={doneRef} tabIndex={-1} role="status" className="staff-saved">
          {done}
        </p>
      )}
      {decide.error && !isStaffSessionLost(decide.error) && (
        <div ref={refusalRef} tabIndex={-1} role="alert" className="staff-refusal">
          <p>
            <strong>Nothing was decided.</strong> {decide.error.message}
          </p>
          {refused.length > 0 && (
            <>
              <p>{refused.length === 1 ? 'This application stopped it:' : `These ${refused.length} applications stopped it:`}</p>
              <RefusedList ids={refused} items={items} />
              <p>Untick them and decide the others again.</p>
            </>
          )}
        </div>
      )}
      <p id={fieldId('bulk_selection')} className={errors.bulk_selection ? 'staff-warning' : undefined}>
        {n === 0 ? 'No applications selected.' : `${plural(n)} selected.`}
      </p>
      <div className="staff-bulk__row">
        <div id={fieldId('bulk_decision')}>
          <SelectField
            label="Decision"
            name="bulk_decision"
            value={decision}
            onValue={(v) => {
              setDecision(v);
              setErrors(({ bulk_decision: _, ...rest }) => rest);
            }}
            options={OPTIONS}
            emptyLabel="Choose a decision"
            errors={errors.bulk_decision}
          />
        </div>
        <div className="staff-actions">
          <button
            type="button"
            className="button button--primary"
            aria-disabled={decide.isPending || undefined}
            onClick={() => {
              if (decide.isPending) return;
              decide.reset();
              setDone('');
              if (check()) setConfirming(true);
            }}
          >
            {decide.isPending ? 'Please wait…' : `Decide ${n} selected`}
          </button>
          {mayRelease && (
            <button
              type="button"
              className="button"
              onClick={() => {
                if (n === 0) {
                  setErrors({ bulk_selection: ['Select the applications to release: tick their rows in the table.'] });
                  setAttempt((a) => a + 1);
                  return;
                }
                void navigate('/staff/releases', { state: { ids: [...selected], names: selected.map((id) => nameOf(id, items)) } });
              }}
            >
              Release {n} selected
            </button>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Decide ${plural(n)}?`}
        confirmLabel={chosen ? `${DECISION_LABELS[chosen]} ${plural(n)}` : 'Decide'}
        onCancel={() => setConfirming(false)}
        onConfirm={confirm}
      >
        <p>
          Record the decision <strong>{chosen ? DECISION_LABELS[chosen] : ''}</strong> for:
        </p>
        <ul>
          {selected.map((id) => (
            <li key={id}>{nameOf(id, items)}</li>
          ))}
        </ul>
        <p>The applicants see nothing until the decisions are released. If any of them cannot be decided, none is.</p>
      </ConfirmDialog>
    </section>
  );
}

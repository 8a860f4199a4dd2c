import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { DECISION_LABELS, DECISIONS } from '#form/wire/decision-words';
import { ConfirmDialog } from '#web/components/Dialog';
import { ErrorSummary } from '#web/components/ErrorSummary';
import { isStaffSessionLost, refusedIds, type ApplicationSummary } from '../api/staff-api';
import { useAllowed } from '../session/allowed';
import { useSessionLost } from '../session/use-session-lost';
import { SelectField } from '../shared/SelectField';
import { useFocusOnOutcome, useStaffForm } from '../shared/use-staff-form';
import { useRecordDecisions } from './mutations';
import { bulkSchema, BULK_MESSAGES } from './validation';

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
export function BulkDecision({ selected, items, onDone }: { selected: readonly string[]; items: readonly ApplicationSummary[]; onDone: () => void }) {
  const navigate = useNavigate();
  const sessionLost = useSessionLost();
  const mayRelease = useAllowed('scheduleRelease');
  const n = selected.length;
  // The selection is the table's, not a field's: the rules read how many rows are ticked.
  const schema = useMemo(() => bulkSchema(n), [n]);
  // Its refusal is its own (which applications stopped it), not the summary's: the form only checks.
  const form = useStaffForm(schema, { bulk_decision: '' }, { fields: ['bulk_selection', 'bulk_decision'] });
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState('');
  const doneRef = useFocusOnOutcome<HTMLParagraphElement>(done);
  const refusalRef = useRef<HTMLDivElement>(null);
  const decide = useRecordDecisions();
  const chosen = DECISIONS.find((d) => d === form.values.bulk_decision);
  const refused = refusedIds(decide.error);

  useEffect(() => {
    if (decide.error) refusalRef.current?.focus();
  }, [decide.error]);

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
        },
        onError: (error) => {
          if (isStaffSessionLost(error)) sessionLost();
        },
      },
    );
  };

  return (
    <section aria-labelledby="staff-bulk-title" className="panel staff-bulk">
      <h2 id="staff-bulk-title">Decide the selected applications</h2>
      <ErrorSummary {...form.summary} />
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
      <p id={form.fieldId('bulk_selection')} className={form.errors.bulk_selection ? 'staff-warning' : undefined}>
        {n === 0 ? 'No applications selected.' : `${plural(n)} selected.`}
      </p>
      <div className="staff-bulk__row">
        <div id={form.fieldId('bulk_decision')}>
          <SelectField
            label="Decision"
            name="bulk_decision"
            value={form.values.bulk_decision}
            onValue={(v) => form.edit('bulk_decision', v)}
            options={OPTIONS}
            emptyLabel="Choose a decision"
            errors={form.errors.bulk_decision}
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
              form.onSubmit(() => setConfirming(true))();
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
                  form.refuse({ bulk_selection: [BULK_MESSAGES.releaseSelection] });
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

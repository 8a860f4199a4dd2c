import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DECISION_LABELS, DECISIONS, replyMadeInWords } from '#form/wire/decision-words';
import type { StaffDecision } from '#form/wire/decisions';
import { ErrorSummary } from '#web/components/ErrorSummary';
import { RadioGroup } from '#web/components/RadioGroup';
import { useAllowed } from '../session/allowed';
import { formatDateTime } from '../shared/format';
import { TextAreaField } from '../shared/TextAreaField';
import { useFocusOnOutcome, useStaffForm } from '../shared/use-staff-form';
import { useRecordDecision } from './mutations';
import { decisionSchema } from './validation';

/** Its own ids: the application page holds the review and the decision forms at once. */
const PREFIX = 'staff-decision';

const ORDER = ['decision', 'note', 'reason'] as const;
const OPTIONS = DECISIONS.map((d) => ({ value: d, label: DECISION_LABELS[d] }));

/** The decision as recorded: staged or released, by whom and when, and the applicant's reply. */
export function DecisionFacts({ decision }: { decision: StaffDecision }) {
  return (
    <dl className="staff-facts">
      <div>
        <dt>Decision</dt>
        <dd>{DECISION_LABELS[decision.decision]}</dd>
      </div>
      <div>
        <dt>Decided</dt>
        <dd>
          {formatDateTime(decision.decided_at)} by {decision.decided_by}
        </dd>
      </div>
      <div>
        <dt>Released</dt>
        <dd>{decision.released_at ? formatDateTime(decision.released_at) : 'Not yet: the applicant cannot see it'}</dd>
      </div>
      <div>
        <dt>Applicant’s reply</dt>
        <dd>
          {decision.reply
            ? `${replyMadeInWords(decision.reply)}, ${formatDateTime(decision.replied_at)}`
            : decision.released_at
              ? 'No reply yet'
              : 'None before release'}
        </dd>
      </div>
      {decision.note && (
        <div>
          <dt>Note</dt>
          <dd className="staff-comments">{decision.note}</dd>
        </div>
      )}
    </dl>
  );
}

function DecisionForm({
  decision,
  released,
  record,
  onRecorded,
  onErrorsShown,
}: {
  decision: StaffDecision | undefined;
  released: boolean;
  record: ReturnType<typeof useRecordDecision>;
  onRecorded: (label: string) => void;
  onErrorsShown: (shown: boolean) => void;
}) {
  const form = useStaffForm(
    decisionSchema(released),
    { decision: decision?.decision ?? '', note: decision?.note ?? '', reason: '' },
    {
      fields: ORDER,
      mutation: record,
      prefix: PREFIX,
      onErrorsShown,
    },
  );
  const { errors, edit, fieldId } = form;
  const submit = form.onSubmit((v) => {
    const chosen = DECISIONS.find((d) => d === v.decision);
    if (!chosen) return;
    const note = (v.note ?? '').trim();
    const reason = (v.reason ?? '').trim();
    form.send({ decision: chosen, ...(note ? { note } : {}), ...(released ? { reason } : {}) }, () => onRecorded(DECISION_LABELS[chosen]));
  });
  return (
    <form noValidate onSubmit={submit} aria-labelledby="staff-decision-form-title">
      <h3 id="staff-decision-form-title">{released ? 'Change the released decision' : decision ? 'Change the decision' : 'Record a decision'}</h3>
      {released && <p>The applicant has been shown this decision. A change needs the reason, which stays in the history.</p>}
      <ErrorSummary {...form.summary} />
      <RadioGroup
        id={fieldId('decision')}
        name="decision"
        legend="Decision"
        options={OPTIONS}
        value={form.values.decision ?? ''}
        onValue={(v) => edit('decision', v)}
        errors={errors.decision}
        inline
      />
      <div id={fieldId('note')}>
        <TextAreaField
          label="Note (optional)"
          name="note"
          hint="For the office: the applicant never sees it."
          value={form.values.note ?? ''}
          onValue={(v) => edit('note', v)}
          errors={errors.note}
          rows={3}
        />
      </div>
      {released && (
        <div id={fieldId('reason')}>
          <TextAreaField
            label="Reason for the change"
            name="reason"
            value={form.values.reason ?? ''}
            onValue={(v) => edit('reason', v)}
            errors={errors.reason}
            rows={3}
          />
        </div>
      )}
      <button type="submit" className="button button--primary" aria-disabled={record.isPending || undefined}>
        {record.isPending ? 'Please wait…' : released ? 'Change the decision' : 'Record decision'}
      </button>
    </form>
  );
}

/**
 * "Decision", for deciders and admins: what is recorded (and the reply), and the form to record
 * or change it. Once released only an admin changes it, with a reason; a decider reads it.
 */
export function DecisionEntry({ id, decision, onErrorsShown }: { id: string; decision: StaffDecision | undefined; onErrorsShown: (shown: boolean) => void }) {
  const released = !!decision?.released_at;
  const mayChangeReleased = useAllowed('recordDecision', 'changing a released decision');
  const mayRelease = useAllowed('scheduleRelease');
  // Here, not in the form: a recorded decision remounts the form (a new key), and the outcome outlives it.
  const record = useRecordDecision(id);
  // The decision recorded, and whether it changed a released one.
  const [recorded, setRecorded] = useState<{ label: string; wasReleased: boolean } | null>(null);
  const message = useFocusOnOutcome<HTMLParagraphElement>(recorded);
  return (
    <section aria-labelledby="staff-decision-title" className="panel staff-decision">
      <h2 id="staff-decision-title">Decision</h2>
      {recorded && (
        <p ref={message} tabIndex={-1} role="status" className="staff-saved">
          {recorded.wasReleased ? (
            `Decision changed to ${recorded.label}. The change and its reason are in the history.`
          ) : mayRelease ? (
            <>
              Decision recorded: {recorded.label}. The applicant sees it once it is released on the <Link to="/staff/releases">Releases</Link> screen.
            </>
          ) : (
            `Decision recorded: ${recorded.label}. The applicant sees it once an admin releases it.`
          )}
        </p>
      )}
      {decision ? <DecisionFacts decision={decision} /> : <p>No decision has been recorded.</p>}
      {released && !mayChangeReleased ? (
        <p>This decision has been released to the applicant: only an admin can change it.</p>
      ) : (
        <DecisionForm
          key={`${decision?.decided_at ?? 'none'}-${decision?.released_at ?? ''}`}
          decision={decision}
          released={released}
          record={record}
          onErrorsShown={onErrorsShown}
          onRecorded={(label) => setRecorded({ label, wasReleased: released })}
        />
      )}
    </section>
  );
}

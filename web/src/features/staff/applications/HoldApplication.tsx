import { useState } from 'react';
import { object, type ObjectSchema } from 'yup';
import type { OfficeHold } from '#form/wire/data-rights';
import { HOLD_REASON_MAX_LENGTH, HOLD_TEXT } from '#form/wire/data-rights-messages';
import { ErrorSummary } from '#web/components/ErrorSummary';
import { formatDateTime } from '../shared/format';
import { reasonSchema } from '../shared/reason-schema';
import { TextAreaField } from '../shared/TextAreaField';
import { useFocusOnOutcome, useStaffForm, type Values } from '../shared/use-staff-form';
import { useHoldApplication } from './mutations';

const PREFIX = 'staff-hold';

const placeSchema = reasonSchema(HOLD_TEXT, HOLD_REASON_MAX_LENGTH);
const liftSchema = object({}) as ObjectSchema<Values>;

/** The hold in words, for every role (the application's facts). */
export function holdInWords(hold: OfficeHold): string {
  return `Placed by ${hold.by} on ${formatDateTime(hold.at)}: “${hold.reason}”`;
}

function PlaceHold({ id, onDone }: { id: string; onDone: (message: string) => void }) {
  const mutation = useHoldApplication(id);
  const form = useStaffForm(placeSchema, { reason: '' }, { fields: ['reason'], mutation, prefix: PREFIX });
  const submit = form.onSubmit((v) => form.send({ hold: true, reason: (v.reason ?? '').trim() }, (done) => onDone(done.message)));
  return (
    <form noValidate onSubmit={submit}>
      <ErrorSummary {...form.summary} />
      <div id={form.fieldId('reason')}>
        <TextAreaField
          label="Why is it held?"
          name="reason"
          hint={`A short sentence, e.g. a case number (at most ${HOLD_REASON_MAX_LENGTH} characters). The application shows it and the access record keeps it: do not name the applicant.`}
          value={form.values.reason ?? ''}
          onValue={(v) => form.edit('reason', v)}
          errors={form.errors.reason}
          rows={2}
        />
      </div>
      <button type="submit" className="button button--primary" aria-disabled={mutation.isPending || undefined}>
        {mutation.isPending ? 'Please wait…' : 'Place a hold'}
      </button>
    </form>
  );
}

function LiftHold({ id, onDone }: { id: string; onDone: (message: string) => void }) {
  const mutation = useHoldApplication(id);
  const form = useStaffForm(liftSchema, {}, { fields: [], mutation, prefix: PREFIX });
  const submit = form.onSubmit(() => form.send({ hold: false }, (done) => onDone(done.message)));
  return (
    <form noValidate onSubmit={submit}>
      <ErrorSummary {...form.summary} />
      <button type="submit" className="button" aria-disabled={mutation.isPending || undefined}>
        {mutation.isPending ? 'Please wait…' : 'Lift the hold'}
      </button>
    </form>
  );
}

/**
 * An admin's legal or enrolment hold: while it lasts the retention policy neither warns nor
 * erases the application and the office's erasure is refused. Placing it needs the reason;
 * lifting it is one button. Both are recorded in the access record.
 */
export function HoldApplication({ id, hold }: { id: string; hold: OfficeHold | undefined }) {
  const [done, setDone] = useState('');
  const message = useFocusOnOutcome<HTMLParagraphElement>(done);
  return (
    <section aria-labelledby="staff-hold-title" className="panel">
      <h2 id="staff-hold-title">Legal or enrolment hold</h2>
      {done && (
        <p ref={message} tabIndex={-1} role="status" className="staff-saved">
          {done}
        </p>
      )}
      {hold ? (
        <>
          <p>This application is on hold. {holdInWords(hold)}.</p>
          <p>While it is held, the retention policy keeps it and it cannot be erased. Lift the hold once it no longer applies.</p>
          {/* A new hold remounts the form: a refusal shown for the last one does not stay. */}
          <LiftHold key={hold.at} id={id} onDone={setDone} />
        </>
      ) : (
        <>
          <p>A hold keeps this application beyond the retention policy (a legal matter, an enrolment) and refuses its erasure until it is lifted.</p>
          <PlaceHold id={id} onDone={setDone} />
        </>
      )}
    </section>
  );
}

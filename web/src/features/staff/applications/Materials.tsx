import { useState } from 'react';
import { object, string, type ObjectSchema } from 'yup';
import { MATERIAL_MESSAGES, MATERIAL_STATUS_LABELS, MATERIAL_STATUSES, type MaterialStatus } from '#form/wire/material-words';
import type { OfficeChecklistItem, OfficeMaterials } from '#form/wire/materials';
import { ErrorSummary } from '#web/components/ErrorSummary';
import { Field } from '#web/components/fields';
import { dayInWords } from '#web/lib/day-in-words';
import { formatDateTime } from '../shared/format';
import { SelectField } from '../shared/SelectField';
import { useFocusOnOutcome, useStaffForm, type Values } from '../shared/use-staff-form';
import { useMarkMaterial } from './mutations';

const markSchema = object({
  status: string()
    .required(MATERIAL_MESSAGES.status)
    .oneOf([...MATERIAL_STATUSES], MATERIAL_MESSAGES.status),
  received_at: string().matches(/^\d{4}-\d{2}-\d{2}$/, { message: MATERIAL_MESSAGES.date, excludeEmptyString: true }),
}) as ObjectSchema<Values>;

const STATUS_OPTIONS = MATERIAL_STATUSES.map((value) => ({ value, label: value === 'awaiting' ? 'Awaiting (undo the mark)' : MATERIAL_STATUS_LABELS[value] }));

/** An item's state as the office reads it. */
function stateInWords(item: OfficeChecklistItem): string {
  if (item.state === 'received') return item.receivedAt ? `Received ${dayInWords(item.receivedAt)}` : 'Received';
  if (item.state === 'waived') return 'Waived';
  return item.state === 'awaiting' ? 'Awaiting' : 'Not required';
}

/** Received as the applicant's own upload (no mark): nothing for the office to mark. */
const uploadedByApplicant = (item: OfficeChecklistItem) => item.state === 'received' && !item.mark;

function MarkForm({ id, item, onDone }: { id: string; item: OfficeChecklistItem; onDone: (message: string) => void }) {
  const mutation = useMarkMaterial(id, item.id);
  const form = useStaffForm(
    markSchema,
    { status: item.mark?.status ?? 'received', received_at: item.mark?.received_at ?? '' },
    { fields: ['status', 'received_at'], mutation, prefix: `staff-material-${item.id}` },
  );
  const status = form.values.status as MaterialStatus;
  const submit = form.onSubmit((v) => {
    const day = status === 'received' ? (v.received_at ?? '').trim() : '';
    form.send({ status, ...(day ? { received_at: day } : {}) }, (done) => onDone(done.message));
  });
  return (
    <form noValidate onSubmit={submit}>
      <ErrorSummary {...form.summary} />
      <fieldset className="staff-material__mark">
        <legend>Mark the {item.label.toLowerCase()}</legend>
        <div id={form.fieldId('status')}>
          <SelectField
            label="Status"
            name="status"
            value={status}
            onValue={(v) => form.edit('status', v)}
            options={STATUS_OPTIONS}
            errors={form.errors.status}
          />
        </div>
        {status === 'received' && (
          <div id={form.fieldId('received_at')}>
            <Field
              label="Day it arrived (empty: today)"
              name="received_at"
              type="date"
              value={form.values.received_at ?? ''}
              onValue={(v) => form.edit('received_at', v)}
              errors={form.errors.received_at}
            />
          </div>
        )}
      </fieldset>
      <button type="submit" className="button" aria-disabled={mutation.isPending || undefined}>
        {mutation.isPending ? 'Please wait…' : 'Save'} <span className="visually-hidden">the mark on the {item.label.toLowerCase()}</span>
      </button>
    </form>
  );
}

/**
 * The checklist's materials as the office reads them: each received (the day), waived, awaited or
 * not required, who marked it and when, and whether the application is complete. Any role marks
 * an item received or waived, or undoes the mark; what the applicant uploaded needs no mark.
 */
export function Materials({ id, materials }: { id: string; materials: OfficeMaterials }) {
  const [done, setDone] = useState('');
  const message = useFocusOnOutcome<HTMLParagraphElement>(done);
  return (
    <section aria-labelledby="staff-materials-title" className="panel">
      <h2 id="staff-materials-title">Materials</h2>
      <p>{materials.complete ? 'Complete: every required material is received or waived.' : 'Incomplete: a required material is still awaited.'}</p>
      {done && (
        <p ref={message} tabIndex={-1} role="status" className="staff-saved">
          {done}
        </p>
      )}
      <ul className="staff-materials">
        {materials.items.map((item) => (
          <li key={item.id} className="staff-material">
            <h3>{item.label}</h3>
            <p>
              {stateInWords(item)}
              {item.mark && `, marked by ${item.mark.by} on ${formatDateTime(item.mark.at)}`}
              {uploadedByApplicant(item) && `, uploaded by the applicant${item.fileName ? ` (${item.fileName})` : ''}`}
            </p>
            {!uploadedByApplicant(item) && <MarkForm id={id} item={item} onDone={setDone} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

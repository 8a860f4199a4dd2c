import { useState } from 'react';
import { ERASE_REASON_MAX_LENGTH, ERASE_TEXT } from '#form/wire/data-rights-messages';
import { Dialog } from '#web/components/Dialog';
import { ErrorList } from '#web/components/ErrorList';
import { ErrorSummary } from '#web/components/ErrorSummary';
import { reasonSchema } from '../shared/reason-schema';
import { useStaffForm } from '../shared/use-staff-form';
import { useEraseApplication } from './mutations';

const eraseSchema = reasonSchema(ERASE_TEXT, ERASE_REASON_MAX_LENGTH);

/**
 * An admin erases a submitted application: one confirmation in a dialog, with the reason the
 * audit keeps (never the applicant's name: the reference names the application afterwards).
 * After success the console goes back to the list and says which reference was erased.
 */
export function EraseApplication({ id, reference, onErased }: { id: string; reference: string; onErased: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const erase = useEraseApplication(id);
  const form = useStaffForm(eraseSchema, { reason: '' }, { fields: ['reason'], mutation: erase, prefix: 'staff-erase' });
  const reasonErrors = form.errors.reason;
  const submit = form.onSubmit((v) => form.send({ reason: (v.reason ?? '').trim() }, (done) => onErased(done.message)));

  return (
    <section aria-labelledby="staff-erase-title" className="panel">
      <h2 id="staff-erase-title">Erase this application</h2>
      <p>
        Erasing deletes the application, its documents, its PDF, its recommendations and the applicant&apos;s account, for good. The access record keeps that it
        was erased: by whom, when, why, and its reference.
      </p>
      <p>
        <button type="button" className="button" onClick={() => setOpen(true)}>
          Erase this application
        </button>
      </p>
      <Dialog open={open} title={`Erase the application ${reference || id}?`} onClose={() => setOpen(false)} size="s">
        <form noValidate onSubmit={submit}>
          <ErrorSummary {...form.summary} />
          <p>This cannot be undone. The institution&apos;s systems are told to delete their copies too.</p>
          <div id={form.fieldId('reason')} className={`field${reasonErrors ? ' field--error' : ''}`}>
            <label htmlFor="staff-erase-reason">Why is it erased? (the access record keeps this: do not name the applicant)</label>
            <ErrorList id="staff-erase-reason-error" errors={reasonErrors} />
            <textarea
              id="staff-erase-reason"
              name="reason"
              rows={3}
              value={form.values.reason}
              aria-invalid={reasonErrors ? true : undefined}
              aria-describedby={reasonErrors ? 'staff-erase-reason-error' : undefined}
              onChange={(e) => form.edit('reason', e.target.value)}
            />
          </div>
          <p className="staff-actions">
            <button type="submit" className="button button--primary" aria-disabled={erase.isPending || undefined}>
              {erase.isPending ? 'Erasing…' : 'Erase the application'}
            </button>{' '}
            <button type="button" className="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </p>
        </form>
      </Dialog>
    </section>
  );
}

import '../api/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ERASE_REASON_MAX_LENGTH, ERASE_TEXT } from '#form/wire/data-rights-messages';
import { Dialog } from '#web/components/Dialog';
import { ErrorList } from '#web/components/ErrorList';
import { ErrorSummary, type SummaryItem } from '#web/components/ErrorSummary';
import { ApiError, call } from '#web/lib/api-client';
import { fieldId, STAFF_PREFIX } from '../shared/use-staff-form';

/**
 * An admin erases a submitted application: one confirmation in a dialog, with the reason the
 * audit keeps (never the applicant's name: the reference names the application afterwards).
 * After success the console goes back to the list and says which reference was erased.
 */
export function EraseApplication({ id, reference }: { id: string; reference: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [local, setLocal] = useState<string | undefined>();
  const [attempt, setAttempt] = useState(0);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const erase = useMutation({
    mutationFn: (body: { reason: string }) => call('eraseApplication', { path: { id }, body }),
    meta: { inlineErrors: true },
    onSuccess: (done) => {
      queryClient.removeQueries({ queryKey: ['staff', 'applications'] });
      queryClient.removeQueries({ queryKey: ['staff', 'application', id] });
      void navigate('/staff/applications', { state: { notice: done.message } });
    },
  });
  const server = erase.error instanceof ApiError ? erase.error : undefined;
  const reasonErrors = local ? [local] : server?.errors?.reason;
  const items: SummaryItem[] = reasonErrors ? reasonErrors.map((message) => ({ field: 'erase-reason', message })) : server ? [{ message: server.message }] : [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = reason.trim();
    const problem = !trimmed ? ERASE_TEXT.reasonMissing : trimmed.length > ERASE_REASON_MAX_LENGTH ? ERASE_TEXT.reasonTooLong : undefined;
    setLocal(problem);
    setAttempt((n) => n + 1);
    erase.reset();
    if (!problem) erase.mutate({ reason: trimmed });
  };

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
          <ErrorSummary prefix={STAFF_PREFIX} items={items} attempt={attempt + (erase.isError ? 1000 : 0)} />
          <p>This cannot be undone. The institution&apos;s systems are told to delete their copies too.</p>
          <div id={fieldId('erase-reason')} className={`field${reasonErrors ? ' field--error' : ''}`}>
            <label htmlFor="staff-erase-reason">Why is it erased? (the access record keeps this: do not name the applicant)</label>
            <ErrorList id="staff-erase-reason-error" errors={reasonErrors} />
            <textarea
              id="staff-erase-reason"
              name="reason"
              rows={3}
              value={reason}
              aria-invalid={reasonErrors ? true : undefined}
              aria-describedby={reasonErrors ? 'staff-erase-reason-error' : undefined}
              onChange={(e) => setReason(e.target.value)}
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

import { useState } from 'react';
import { Dialog } from '#web/components/Dialog';
import { ErrorSummary } from '#web/components/ErrorSummary';
import type { ApplicationSummary } from '../api/staff-api';
import { TextAreaField } from '../shared/TextAreaField';
import { useFocusOnOutcome, useStaffForm } from '../shared/use-staff-form';
import { useReassign } from './mutations';
import { readersOf, reassignSchema } from './validation';

const plural = (n: number) => `${n} ${n === 1 ? 'application' : 'applications'}`;

/**
 * An admin's "Reassign N selected": the rows ticked in the list go to the readers typed in a
 * dialog (none: open to any reader), replacing the readers they had; the server's answer is said
 * and takes focus, a refusal shows in the dialog's summary.
 */
export function Reassign({ selected, items, onDone }: { selected: readonly string[]; items: readonly ApplicationSummary[]; onDone: () => void }) {
  const reassign = useReassign();
  const form = useStaffForm(reassignSchema, { readers: '' }, { fields: ['readers'], mutation: reassign, prefix: 'staff-reassign' });
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState<{ text: string; n: number } | null>(null);
  const noteRef = useFocusOnOutcome<HTMLParagraphElement>(note?.n);
  const n = selected.length;
  const say = (text: string) => setNote((o) => ({ text, n: (o?.n ?? 0) + 1 }));
  const names = selected.map((id) => {
    const a = items.find((i) => i.id === id);
    return a ? a.reference || a.name || a.email : id;
  });

  const submit = form.onSubmit((v) =>
    form.send({ ids: [...selected], readers: readersOf(v.readers ?? '') }, (data) => {
      setOpen(false);
      form.reset({ readers: '' });
      say(data.message);
      onDone();
    }),
  );

  return (
    <section aria-labelledby="staff-reassign-title" className="panel">
      <h2 id="staff-reassign-title">Reassign the selected applications</h2>
      <p ref={noteRef} tabIndex={-1} role="status">
        {note?.text ?? ''}
      </p>
      <button
        type="button"
        className="button"
        onClick={() => (n === 0 ? say('Select the applications to reassign first, with the boxes in the list.') : setOpen(true))}
      >
        Reassign {n} selected
      </button>
      <Dialog
        open={open}
        title={`Reassign ${plural(n)}`}
        size="s"
        onClose={() => setOpen(false)}
        actions={
          <>
            <button type="button" className="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="submit" form="staff-reassign-form" className="button button--primary" aria-disabled={reassign.isPending || undefined}>
              {reassign.isPending ? 'Please wait…' : 'Reassign'}
            </button>
          </>
        }
      >
        <form id="staff-reassign-form" noValidate onSubmit={submit}>
          <ErrorSummary {...form.summary} />
          <p>{names.join(', ')}</p>
          <div id={form.fieldId('readers')}>
            <TextAreaField
              label="Readers’ e-mail addresses"
              name="readers"
              hint="One per line or separated by commas, as they sign in. Leave it empty to open these applications to any reader."
              value={form.values.readers ?? ''}
              onValue={(v) => form.edit('readers', v)}
              errors={form.errors.readers}
              rows={3}
            />
          </div>
        </form>
      </Dialog>
    </section>
  );
}

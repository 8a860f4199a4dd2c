import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { object, string, type ObjectSchema } from 'yup';
import { FILTER_SET_MESSAGES, FILTER_SET_NAME_MAX, type FilterSet } from '#form/wire/filter-sets';
import { ErrorSummary } from '#web/components/ErrorSummary';
import { Field } from '#web/components/fields';
import type { ListQueryParams } from '../api/staff-api';
import { useAllowed } from '../session/allowed';
import { useFocusOnOutcome, useStaffForm, type Values } from '../shared/use-staff-form';
import { filterSetsQuery, useChangeFilterSet, useDeleteFilterSet, useSaveFilterSet } from './filter-sets-api';

/** The server's rule in its words: a name, at most FILTER_SET_NAME_MAX characters once trimmed. */
const nameSchema = object({
  name: string()
    .default('')
    .test('given', FILTER_SET_MESSAGES.nameRequired, (v) => (v ?? '').trim() !== '')
    .test('length', FILTER_SET_MESSAGES.nameTooLong, (v) => [...(v ?? '').trim()].length <= FILTER_SET_NAME_MAX),
}) as ObjectSchema<Values>;

/** The list's query as a set keeps it: the values given, as text. */
function savedQuery(current: ListQueryParams): Record<string, string> {
  return Object.fromEntries(Object.entries(current).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== ''));
}

/** A set's address: applying it is going to the list with its query, so a saved set is a link. */
export const setAddress = (set: Pick<FilterSet, 'query'>): string => {
  const s = new URLSearchParams(savedQuery(set.query)).toString();
  return `/staff/applications${s ? `?${s}` : ''}`;
};

/** "Save these filters": a name and whether colleagues see it; the errors in the summary, which takes focus. */
function SaveFilters({ current, onDone }: { current: ListQueryParams; onDone: (message: string) => void }) {
  const mutation = useSaveFilterSet();
  const [shared, setShared] = useState(false);
  const form = useStaffForm(nameSchema, { name: '' }, { fields: ['name', 'shared', 'query'], mutation, prefix: 'staff-filter-set-new' });
  const submit = form.onSubmit((v) =>
    form.send({ name: (v.name ?? '').trim(), query: savedQuery(current), shared }, (done) => {
      form.reset({ name: '' });
      setShared(false);
      onDone(done.message);
    }),
  );
  return (
    <form noValidate onSubmit={submit} className="staff-filter-sets__form" aria-labelledby="staff-save-filters-title">
      <h3 id="staff-save-filters-title">Save these filters</h3>
      <ErrorSummary {...form.summary} headingLevel={3} />
      <div id={form.fieldId('name')}>
        <Field label="Name of the filter set" name="name" value={form.values.name ?? ''} onValue={(v) => form.edit('name', v)} errors={form.errors.name} />
      </div>
      <div className="choice" id={form.fieldId('shared')}>
        <input id="staff-filter-set-shared" type="checkbox" name="shared" checked={shared} onChange={(e) => setShared(e.target.checked)} />
        <label htmlFor="staff-filter-set-shared">Share with colleagues (every staff member sees it; only you change it)</label>
      </div>
      <button type="submit" className="button" aria-disabled={mutation.isPending || undefined}>
        {mutation.isPending ? 'Please wait…' : 'Save these filters'}
      </button>
    </form>
  );
}

/** A set's new name (its owner only). */
function RenameSet({ set, onDone, onCancel }: { set: FilterSet; onDone: (message: string) => void; onCancel: () => void }) {
  const mutation = useChangeFilterSet(set.id);
  const form = useStaffForm(nameSchema, { name: set.name }, { fields: ['name'], mutation, prefix: `staff-filter-set-${set.id}` });
  const submit = form.onSubmit((v) => form.send({ name: (v.name ?? '').trim() }, (done) => onDone(done.message)));
  return (
    <form noValidate onSubmit={submit}>
      <ErrorSummary {...form.summary} headingLevel={3} />
      <div id={form.fieldId('name')}>
        <Field
          label={`New name for “${set.name}”`}
          name="name"
          value={form.values.name ?? ''}
          onValue={(v) => form.edit('name', v)}
          errors={form.errors.name}
        />
      </div>
      <button type="submit" className="button" aria-disabled={mutation.isPending || undefined}>
        Rename
      </button>
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

function SetItem({ set, you, onDone }: { set: FilterSet; you: string; onDone: (message: string) => void }) {
  const [renaming, setRenaming] = useState(false);
  const remove = useDeleteFilterSet(set.id);
  const adminDeletes = useAllowed('deleteFilterSet', 'deleting a colleague’s shared set');
  const mine = set.owner === you;
  const mayDelete = mine || (adminDeletes && set.shared);
  return (
    <li className="staff-filter-set">
      <Link to={setAddress(set)}>
        Apply <span className="visually-hidden">the filter set</span> “{set.name}”
      </Link>{' '}
      <span className="staff-sub">{mine ? (set.shared ? 'yours, shared' : 'yours, private') : `shared by ${set.owner}`}</span>
      {remove.error && <p className="field__error">{remove.error.message}</p>}
      {mine &&
        (renaming ? (
          <RenameSet
            set={set}
            onCancel={() => setRenaming(false)}
            onDone={(message) => {
              setRenaming(false);
              onDone(message);
            }}
          />
        ) : (
          <button type="button" className="button" onClick={() => setRenaming(true)}>
            Rename <span className="visually-hidden">“{set.name}”</span>
          </button>
        ))}
      {mayDelete && (
        <button
          type="button"
          className="button"
          aria-disabled={remove.isPending || undefined}
          onClick={() => {
            if (!remove.isPending) remove.mutate(undefined, { onSuccess: (done) => onDone(done.message) });
          }}
        >
          Delete <span className="visually-hidden">“{set.name}”</span>
        </button>
      )}
    </li>
  );
}

/**
 * The list's saved filter sets (issue 39, item 6): one's own and those colleagues shared, each a
 * link to the list with its filters and sort; one's own renamed or deleted (an admin also deletes
 * a shared one); and the form that saves the filters now shown.
 */
export function SavedFilters({ current }: { current: ListQueryParams }) {
  const sets = useQuery(filterSetsQuery());
  const [done, setDone] = useState('');
  const message = useFocusOnOutcome<HTMLParagraphElement>(done);
  return (
    <section aria-labelledby="staff-saved-filters-title" className="panel staff-filter-sets">
      <h2 id="staff-saved-filters-title">Saved filters</h2>
      {done && (
        <p ref={message} tabIndex={-1} role="status" className="staff-saved">
          {done}
        </p>
      )}
      {sets.isPending && <p>Reading the saved filters…</p>}
      {sets.isError && <p>The saved filters could not be read: {sets.error.message}</p>}
      {sets.data &&
        (sets.data.sets.length === 0 ? (
          <p>No saved filters yet.</p>
        ) : (
          <ul className="staff-filter-sets__list">
            {sets.data.sets.map((set) => (
              <SetItem key={set.id} set={set} you={sets.data.you} onDone={setDone} />
            ))}
          </ul>
        ))}
      <SaveFilters current={current} onDone={setDone} />
    </section>
  );
}

import { useState } from 'react';
import { Link } from 'react-router-dom';
import { institution } from '#form/institution';
import type { ReleaseSummary } from '#form/wire/decisions';
import { ConfirmDialog } from '#web/components/Dialog';
import { ErrorSummary } from '#web/components/ErrorSummary';
import { Field } from '#web/components/fields';
import { RadioGroup } from '#web/components/RadioGroup';
import { filterQuery, isStaffSessionLost } from '../api/staff-api';
import { releaseSchema } from '../decisions/validation';
import { useSessionLost } from '../session/use-session-lost';
import { formatDateTime, zonedIso } from '../shared/format';
import { StaffTable } from '../shared/StaffTable';
import { useStaffTitle } from '../shared/title';
import { useFocusOnOutcome, useStaffForm } from '../shared/use-staff-form';
import { useCancelRelease, useScheduleRelease } from './mutations';

const ORDER = ['target', 'when', 'date', 'time'] as const;

/** The selection the applications list sends here ("Release N selected"). */
export interface CarriedSelection {
  ids: string[];
  names: string[];
}

/** A few names in full; a long selection by its first ones and how many more. */
const SHOWN_NAMES = 5;
const namesInWords = (names: readonly string[]) =>
  names.length <= SHOWN_NAMES ? names.join(', ') : `${names.slice(0, SHOWN_NAMES).join(', ')} and ${names.length - SHOWN_NAMES} more`;
const plural = (n: number) => `${n} ${n === 1 ? 'application' : 'applications'}`;
/** The applications list filtered to the decided ones: what "every decided application" is. */
const DECIDED_LIST = `/staff/applications${filterQuery({ status: 'decided' })}`;
/** Which applications a release takes, in words. */
const takesInWords = (r: ReleaseSummary) => (r.ids ? plural(r.ids.length) : 'Every application decided when it runs');
/** The zone's short name, as the console prints times ("CST"). */
const zoneName =
  new Intl.DateTimeFormat('en-US', { timeZone: institution.timeZone, timeZoneName: 'long' }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName')
    ?.value ?? institution.timeZone;

function PendingReleases({
  items,
  onCancel,
  cancelling,
}: {
  items: readonly ReleaseSummary[];
  onCancel: (r: ReleaseSummary) => void;
  cancelling: string | undefined;
}) {
  const pending = items.filter((r) => r.state === 'scheduled');
  return (
    <section aria-labelledby="staff-pending-title" className="staff-pending">
      <h2 id="staff-pending-title">Pending releases</h2>
      {pending.length === 0 ? (
        <p>No releases are scheduled.</p>
      ) : (
        <StaffTable label="Pending releases, soonest first" columns={['When', 'Applications', 'Scheduled by', 'Action']}>
          {[...pending]
            .sort((a, b) => a.at.localeCompare(b.at))
            .map((r) => (
              <tr key={r.id}>
                <td>{formatDateTime(r.at)}</td>
                <td>{takesInWords(r)}</td>
                <td className="staff-email">
                  {r.created_by}, {formatDateTime(r.created_at)}
                </td>
                <td>
                  {/* The visible word starts the name (label in name); the rest tells the rows' buttons apart. */}
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={`Cancel the release of ${formatDateTime(r.at)}`}
                    aria-disabled={cancelling === r.id || undefined}
                    onClick={() => cancelling !== r.id && onCancel(r)}
                  >
                    Cancel
                  </button>
                </td>
              </tr>
            ))}
        </StaffTable>
      )}
    </section>
  );
}

/**
 * Releases (admins): every decided application or the ones selected in the list, now or at a date
 * and time on the institution's clock, confirmed first; below, the pending releases, each cancellable.
 */
export default function ReleasesScreen({
  releases,
  decided,
  readError,
  carried,
  onSelectionSent,
}: {
  releases: readonly ReleaseSummary[];
  /** How many applications are decided now (undefined until read). */
  decided: number | undefined;
  /** Why the pending releases could not be read. */
  readError: string | undefined;
  carried: CarriedSelection | null;
  /** The carried selection has been released or scheduled: coming back must not offer it again. */
  onSelectionSent: () => void;
}) {
  const sessionLost = useSessionLost();
  const schedule = useScheduleRelease();
  const form = useStaffForm(
    releaseSchema(),
    { target: carried ? 'selected' : 'decided', when: 'now', date: '', time: '' },
    {
      fields: ORDER,
      mutation: schedule,
      // The server names the time `at`: its message goes beside the date.
      place: ({ at, ...rest }) => ({ ...rest, ...(at ? { date: at } : {}) }),
    },
  );
  const { errors, edit, fieldId } = form;
  const cancel = useCancelRelease();
  const [confirming, setConfirming] = useState<'release' | ReleaseSummary | null>(null);
  const [result, setResult] = useState<{ text: string; alert: boolean } | null>(null);
  const resultRef = useFocusOnOutcome<HTMLParagraphElement>(result);
  useStaffTitle('Releases', form.hasErrors);

  const target = form.values.target === 'selected' && carried ? carried : null;
  const at = form.values.when === 'later' ? zonedIso(form.values.date ?? '', form.values.time ?? '') : null;
  // A release now takes the applications decided now; a scheduled one, those decided when it runs.
  const count = target ? target.ids.length : decided;
  const whatInWords = target
    ? plural(target.ids.length)
    : at
      ? 'every application decided when it runs'
      : count === undefined
        ? 'every decided application'
        : plural(count);
  const whenInWords = at ? `on ${formatDateTime(at)}` : 'now';
  /** The decided applications in the list; from the dialog in a new tab, so that the dialog stays. */
  const decidedLink = (newTab: boolean) =>
    !!decided && (
      <Link to={DECIDED_LIST} {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        See the {decided} decided {decided === 1 ? 'application' : 'applications'}
        {newTab && <span className="visually-hidden"> (opens in a new tab)</span>}
      </Link>
    );

  const submit = form.onSubmit(() => {
    setResult(null);
    setConfirming('release');
  });
  const release = () => {
    setConfirming(null);
    form.send({ ...(target ? { ids: target.ids } : { status: 'decided' as const }), ...(at ? { at } : {}) }, (r) => {
      setResult({
        alert: false,
        text:
          r.state === 'scheduled'
            ? `Release scheduled for ${formatDateTime(r.at)}: ${takesInWords(r).toLowerCase()}. You can cancel it below until then.`
            : `Released ${plural(r.released ?? r.ids?.length ?? 0)}: each applicant is e-mailed that an update is available.`,
      });
      form.reset({ target: 'decided', when: 'now', date: '', time: '' });
      if (carried) onSelectionSent();
    });
  };
  const cancelOne = (r: ReleaseSummary) => {
    setConfirming(null);
    cancel.mutate(r, {
      onSuccess: () => setResult({ alert: false, text: `The release of ${formatDateTime(r.at)} is cancelled.` }),
      onError: (error) =>
        isStaffSessionLost(error)
          ? sessionLost()
          : setResult({ alert: true, text: `The release of ${formatDateTime(r.at)} could not be cancelled: ${error.message}` }),
    });
  };

  const targets = [
    { value: 'decided', label: decided === undefined ? 'Every decided application' : `Every decided application (${decided || 'none'})` },
    ...(carried ? [{ value: 'selected', label: `The ${plural(carried.ids.length)} selected: ${namesInWords(carried.names)}` }] : []),
  ];
  return (
    <>
      <h1>Releases</h1>
      <p>Releasing shows each applicant their decision letter on their status page and e-mails them that an update is available (never the decision itself).</p>
      {result && (
        <p ref={resultRef} tabIndex={-1} role={result.alert ? 'alert' : 'status'} className={result.alert ? 'staff-warning' : 'staff-saved'}>
          {result.text}
        </p>
      )}
      <ErrorSummary {...form.summary} />
      <form noValidate onSubmit={submit} className="panel" aria-labelledby="staff-release-title">
        <h2 id="staff-release-title">Release decisions</h2>
        <RadioGroup
          id={fieldId('target')}
          name="target"
          legend="Which applications"
          hint={
            carried ? undefined : (
              <>
                {decidedLink(false)}
                {decided ? '. ' : ''}To release some only, select them in the applications list and choose “Release N selected”.
              </>
            )
          }
          options={targets}
          value={form.values.target ?? ''}
          onValue={(v) => edit('target', v)}
          errors={errors.target}
        />
        <RadioGroup
          id={fieldId('when')}
          name="when"
          legend="When"
          options={[
            { value: 'now', label: 'Now' },
            { value: 'later', label: 'At a date and time' },
          ]}
          value={form.values.when ?? ''}
          onValue={(v) => edit('when', v)}
          errors={errors.when}
          inline
        />
        {form.values.when === 'later' && (
          <fieldset className="staff-recipient">
            <legend>Date and time ({zoneName})</legend>
            <p className="field__hint">On the institution’s clock, like every time in the console. Within a year from now.</p>
            <div className="staff-filters__grid">
              <div id={fieldId('date')}>
                <Field label="Date" name="date" type="date" value={form.values.date ?? ''} onValue={(v) => edit('date', v)} errors={errors.date} />
              </div>
              <div id={fieldId('time')}>
                <Field label="Time" name="time" type="time" value={form.values.time ?? ''} onValue={(v) => edit('time', v)} errors={errors.time} />
              </div>
            </div>
          </fieldset>
        )}
        <button type="submit" className="button button--primary" aria-disabled={schedule.isPending || undefined}>
          {schedule.isPending ? 'Please wait…' : form.values.when === 'later' ? 'Schedule the release' : 'Release now'}
        </button>
      </form>
      {readError && <p role="alert">The pending releases could not be read: {readError}</p>}
      <PendingReleases items={releases} onCancel={(r) => setConfirming(r)} cancelling={cancel.isPending ? cancel.variables.id : undefined} />
      <ConfirmDialog
        open={confirming === 'release'}
        title={at ? 'Schedule this release?' : `Release the decisions of ${whatInWords} now?`}
        confirmLabel={at ? 'Schedule the release' : 'Release now'}
        onCancel={() => setConfirming(null)}
        onConfirm={release}
      >
        <p>
          Release the decisions of {whatInWords} {whenInWords}
          {at && !target && decided !== undefined ? ` (${decided || 'none'} now)` : ''}. Each applicant then reads their letter on their status page and is
          e-mailed that an update is available. A release cannot be undone.
        </p>
        {target ? (
          <ul>
            {target.names.map((name, i) => (
              <li key={target.ids[i]}>{name}</li>
            ))}
          </ul>
        ) : (
          decided !== undefined && decided > 0 && <p>{decidedLink(true)}</p>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={typeof confirming === 'object' && confirming !== null}
        title="Cancel this release?"
        confirmLabel="Cancel the release"
        onCancel={() => setConfirming(null)}
        onConfirm={() => typeof confirming === 'object' && confirming !== null && cancelOne(confirming)}
      >
        {typeof confirming === 'object' && confirming !== null && (
          <p>
            The release of {formatDateTime(confirming.at)} ({takesInWords(confirming).toLowerCase()}) will not run. The decisions stay as they are, unreleased.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, type LoaderFunctionArgs } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { institution } from '#form/institution';
import { Field } from '#web/components/fields';
import { ApiError } from '#web/lib/api-client';
import { createTemporaryLink, isStaffSessionLost } from '../api/staff-api';
import { sessionQuery, STAFF_LOGIN, staffRead } from '../api/queries';
import { queryClient } from '#web/lib/query-client';
import { formatDateTime } from '../format';
import { ErrorSummary, fieldId, summaryItems } from '../components/ErrorSummary';
import { SelectField } from '../components/SelectField';
import { useStaffForm, type Values } from '../components/use-staff-form';
import { LINK_ANSWER_FIELDS, MAX_LINK_DAYS, temporaryLinkSchema } from '../validation';
import { useStaffTitle } from '../title';

const FIELD_ORDER = [...LINK_ANSWER_FIELDS, 'expires_in_days'] as const;
const EMPTY: Values = { first_name: '', last_name: '', entry_term: '', applied_major: '', expires_in_days: '7' };

/** Only for a signed-in member of staff: without a session, to the sign-in first. */
export async function loader({ request }: LoaderFunctionArgs) {
  return staffRead(request, () => queryClient.fetchQuery(sessionQuery()));
}

const labelOf = (options: readonly { value: string; label: string }[], value: string) => options.find((o) => o.value === value)?.label ?? '';

/** The filled-in answers, with the labels of the chosen options under {key}_desc as the form stores them. */
function preparedAnswers(v: Values): Record<string, string> {
  const answer: Record<string, string> = {};
  for (const key of LINK_ANSWER_FIELDS) {
    const value = (v[key] ?? '').trim();
    if (value) answer[key] = value;
  }
  if (answer.entry_term) answer.entry_term_desc = labelOf(institution.entryTerms, answer.entry_term);
  if (answer.applied_major) answer.applied_major_desc = labelOf(institution.majors, answer.applied_major);
  return answer;
}

/**
 * A temporary link: answers prepared for a prospect (e.g. after a fair), behind a fresh ?token=
 * link that opens the application with them filled in.
 */
export function TemporaryLinkRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const form = useStaffForm(temporaryLinkSchema, EMPTY);
  const create = useMutation({ mutationKey: ['staff-temporary-link'], mutationFn: createTemporaryLink, meta: { inlineErrors: true } });
  const [copied, setCopied] = useState(false);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const hasErrors = Object.keys(form.errors).length > 0 || (!!create.error && !isStaffSessionLost(create.error));
  useStaffTitle('Temporary links', hasErrors);

  useEffect(() => {
    if (create.data) resultHeading.current?.focus();
  }, [create.data]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (create.isPending || !form.check()) return;
    setCopied(false);
    create.mutate(
      { answer: preparedAnswers(form.values), expires_in_days: Number(form.values.expires_in_days) },
      {
        onError: (error) => {
          if (isStaffSessionLost(error)) void navigate(`${STAFF_LOGIN}?next=${encodeURIComponent(location.pathname)}`, { replace: true });
          else form.setAttempt((n) => n + 1);
        },
      },
    );
  };

  // Editing the answers after a refusal takes the server's now outdated messages away.
  const edit = (name: string, value: string) => {
    form.set(name, value);
    if (create.error) create.reset();
  };

  const copy = async () => {
    if (!create.data) return;
    try {
      await navigator.clipboard.writeText(create.data.url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  // The server's messages per answer key go beside the fields this form has; the rest in the summary.
  const serverErrors = create.error instanceof ApiError && !isStaffSessionLost(create.error) ? (create.error.errors ?? {}) : {};
  const errors: Record<string, string[]> = { ...serverErrors, ...form.errors };
  const unplaced = Object.entries(serverErrors)
    .filter(([key]) => !(FIELD_ORDER as readonly string[]).includes(key))
    .flatMap(([, messages]) => messages);
  const serverMessage = create.error && !isStaffSessionLost(create.error) ? [create.error.message, ...unplaced].join(' ') : null;
  const field = (name: string, label: string) => (
    <div id={fieldId(name)}>
      <Field label={label} name={name} value={form.values[name] ?? ''} onValue={(v) => edit(name, v)} errors={errors[name]} autoComplete="off" />
    </div>
  );
  return (
    <>
      <h1>Temporary links</h1>
      <p>
        Prepare some answers for a prospective student and send them the link: it opens the application with these answers filled in. It works until it expires;
        what they type is theirs once they create an account.
      </p>
      <ErrorSummary items={summaryItems(errors, FIELD_ORDER, serverMessage)} attempt={form.attempt} />
      <form noValidate onSubmit={submit} className="panel staff-link-form" aria-labelledby="staff-link-form-title">
        <h2 id="staff-link-form-title">Prepared answers</h2>
        <div className="staff-filters__grid">
          {field('first_name', 'First name')}
          {field('last_name', 'Last name')}
          <div id={fieldId('entry_term')}>
            <SelectField label="Entry term" name="entry_term" value={form.values.entry_term} onValue={(v) => edit('entry_term', v)} options={institution.entryTerms} emptyLabel="Not chosen" errors={errors.entry_term} />
          </div>
          <div id={fieldId('applied_major')}>
            <SelectField label="Major" name="applied_major" value={form.values.applied_major} onValue={(v) => edit('applied_major', v)} options={institution.majors} emptyLabel="Not chosen" errors={errors.applied_major} />
          </div>
          <div id={fieldId('expires_in_days')}>
            <Field
              label={`Link expires after (days, 1 to ${MAX_LINK_DAYS})`}
              name="expires_in_days"
              inputMode="numeric"
              value={form.values.expires_in_days ?? ''}
              onValue={(v) => edit('expires_in_days', v)}
              errors={errors.expires_in_days}
            />
          </div>
        </div>
        <button type="submit" className="button button--primary" aria-disabled={create.isPending || undefined}>
          {create.isPending ? 'Please wait…' : 'Create link'}
        </button>
      </form>
      {create.data && (
        <section aria-labelledby="staff-link-result" className="panel">
          <h2 id="staff-link-result" ref={resultHeading} tabIndex={-1}>
            Link created
          </h2>
          <div className="field">
            <label htmlFor="staff-link-url">Temporary link</label>
            <input id="staff-link-url" type="text" readOnly value={create.data.url} onFocus={(e) => e.currentTarget.select()} />
          </div>
          <p>Send it to the prospective student. It works until {formatDateTime(create.data.expires_at)}.</p>
          <p className="staff-actions">
            <button type="button" className="button" onClick={() => void copy()}>
              Copy link
            </button>
            <span role="status">{copied ? 'Copied to the clipboard.' : ''}</span>
          </p>
        </section>
      )}
    </>
  );
}

export const Component = TemporaryLinkRoute;

import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { institution } from '#form/institution';
import { ErrorSummary } from '#web/components/ErrorSummary';
import { Field } from '#web/components/fields';
import { queryClient } from '#web/lib/query-client';
import { sessionQuery, STAFF_LOGIN, staffRead, temporaryLinksQuery } from '../api/queries';
import { createTemporaryLink, isStaffSessionLost, revokeTemporaryLink, type IssuedTemporaryLink } from '../api/staff-api';
import { LINK_ANSWER_FIELDS, MAX_LINK_DAYS, temporaryLinkSchema } from '../session/validation';
import { formatDateTime } from '../shared/format';
import { SelectField } from '../shared/SelectField';
import { useStaffTitle } from '../shared/title';
import { fieldId, STAFF_PREFIX } from '../shared/use-staff-form';
import { type Values } from '../shared/use-staff-form';
import { useStaffSubmit } from '../shared/use-staff-submit';
import { IssuedLinks } from './IssuedLinks';

const FIELD_ORDER = [...LINK_ANSWER_FIELDS, 'recipient_name', 'recipient_email', 'expires_in_days'] as const;
const EMPTY: Values = { first_name: '', last_name: '', entry_term: '', applied_major: '', recipient_name: '', recipient_email: '', expires_in_days: '7' };

/** Only for a signed-in member of staff (without a session, to the sign-in first); then the links issued. */
export async function loader({ request }: LoaderFunctionArgs) {
  const cursor = new URL(request.url).searchParams.get('cursor');
  return staffRead(request, async () => {
    await queryClient.fetchQuery(sessionQuery());
    return queryClient.fetchQuery(temporaryLinksQuery(cursor));
  });
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

function recipientOf(v: Values): { name?: string; email?: string } | undefined {
  const name = (v.recipient_name ?? '').trim();
  const email = (v.recipient_email ?? '').trim();
  if (!name && !email) return undefined;
  return { ...(name ? { name } : {}), ...(email ? { email } : {}) };
}

/** The link just issued: shown whole (its address is never shown again), with a copy button. */
function IssuedLink({ link }: { link: IssuedTemporaryLink }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <section aria-labelledby="staff-link-result" className="panel">
      <h2 id="staff-link-result" ref={heading} tabIndex={-1}>
        Link created
      </h2>
      {link.sent_to && <p>It has been e-mailed to {link.sent_to}.</p>}
      {link.message && <p className="staff-warning">{link.message}</p>}
      <div className="field">
        <label htmlFor="staff-link-url">Temporary link</label>
        <textarea id="staff-link-url" className="staff-link-url" readOnly rows={3} value={link.url} onFocus={(e) => e.currentTarget.select()} />
      </div>
      <p>It works until {formatDateTime(link.expires_at)}. This is the only time the whole link is shown.</p>
      <p className="staff-actions">
        <button type="button" className="button" onClick={() => void copy()}>
          Copy link
        </button>
        <span role="status" aria-live="polite">
          {copied === 'yes' ? 'Copied to the clipboard.' : copied === 'failed' ? 'The link could not be copied: select it and copy it yourself.' : ''}
        </span>
      </p>
    </section>
  );
}

/**
 * Temporary links: answers prepared for a prospect (e.g. after a fair), behind a fresh ?token=
 * link that opens the application with them filled in; sent to the prospect when an e-mail is
 * given. Below, the links issued, each revocable.
 */
export function TemporaryLinkRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const cursor = params.get('cursor');
  const links = useQuery(temporaryLinksQuery(cursor));
  const create = useMutation({ mutationKey: ['staff-temporary-link'], mutationFn: createTemporaryLink, meta: { inlineErrors: true } });
  const revoke = useMutation({ mutationKey: ['staff-revoke-link'], mutationFn: revokeTemporaryLink, meta: { inlineErrors: true } });
  const toSignIn = () => void navigate(`${STAFF_LOGIN}?next=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
  // The server's messages per answer key go beside the fields this form has; the rest in the summary.
  const form = useStaffSubmit(temporaryLinkSchema, EMPTY, create, { fields: FIELD_ORDER, onSessionLost: toSignIn });
  const { errors, edit } = form;
  useStaffTitle('Temporary links', form.hasErrors);
  const refreshList = () => queryClient.invalidateQueries({ queryKey: ['staff', 'temporary-links'] });

  const submit = form.onSubmit((values) => {
    const recipient = recipientOf(values);
    form.send({ answer: preparedAnswers(values), expires_in_days: Number(values.expires_in_days), ...(recipient ? { recipient } : {}) }, () => {
      // A fresh form for the next prospect: nothing of this one's answers lingers.
      form.reset(EMPTY);
      void refreshList();
    });
  });

  const revokeLink = (id: string) => {
    revoke.mutate(id, {
      onSettled: () => void refreshList(),
      onError: (error) => {
        if (isStaffSessionLost(error)) toSignIn();
      },
    });
  };

  const field = (name: string, label: string, extra: { type?: string; autoComplete?: string; inputMode?: 'numeric' } = {}) => (
    <div id={fieldId(name)}>
      <Field label={label} name={name} value={form.values[name] ?? ''} onValue={(v) => edit(name, v)} errors={errors[name]} autoComplete="off" {...extra} />
    </div>
  );
  return (
    <>
      <h1>Temporary links</h1>
      <p>
        Prepare some answers for a prospective student and send them the link: it opens the application with these answers filled in. It works until it expires
        or you revoke it; what they type is theirs once they create an account.
      </p>
      <ErrorSummary prefix={STAFF_PREFIX} items={form.items} attempt={form.attempt} />
      <form noValidate onSubmit={submit} className="panel staff-link-form" aria-labelledby="staff-link-form-title">
        <h2 id="staff-link-form-title">Prepared answers</h2>
        <div className="staff-filters__grid">
          {field('first_name', 'First name')}
          {field('last_name', 'Last name')}
          <div id={fieldId('entry_term')}>
            <SelectField
              label="Entry term"
              name="entry_term"
              value={form.values.entry_term}
              onValue={(v) => edit('entry_term', v)}
              options={institution.entryTerms}
              emptyLabel="Not chosen"
              errors={errors.entry_term}
            />
          </div>
          <div id={fieldId('applied_major')}>
            <SelectField
              label="Major"
              name="applied_major"
              value={form.values.applied_major}
              onValue={(v) => edit('applied_major', v)}
              options={institution.majors}
              emptyLabel="Not chosen"
              errors={errors.applied_major}
            />
          </div>
        </div>
        <fieldset className="staff-recipient">
          <legend>Recipient (optional)</legend>
          <p className="field__hint">With an e-mail address the link is sent to them; the name is for your list.</p>
          <div className="staff-filters__grid">
            {field('recipient_name', 'Recipient’s name')}
            {field('recipient_email', 'Recipient’s e-mail', { type: 'email' })}
          </div>
        </fieldset>
        <div className="staff-filters__grid">{field('expires_in_days', `Link expires after (days, 1 to ${MAX_LINK_DAYS})`, { inputMode: 'numeric' })}</div>
        <button type="submit" className="button button--primary" aria-disabled={create.isPending || undefined}>
          {create.isPending ? 'Please wait…' : 'Create link'}
        </button>
      </form>
      {create.data && <IssuedLink key={create.data.id} link={create.data} />}
      <IssuedLinks
        page={links.data}
        revoking={revoke.isPending ? revoke.variables : undefined}
        revoked={revoke.isSuccess ? revoke.variables : undefined}
        revokeError={revoke.error && !isStaffSessionLost(revoke.error) ? revoke.error.message : undefined}
        onRevoke={revokeLink}
      />
    </>
  );
}

export const Component = TemporaryLinkRoute;

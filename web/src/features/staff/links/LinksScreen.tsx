import { institution } from '#form/institution';
import { ErrorSummary } from '#web/components/ErrorSummary';
import { Field } from '#web/components/fields';
import { isStaffSessionLost, type TemporaryLinkPage } from '../api/staff-api';
import { useSessionLost } from '../session/use-session-lost';
import { SelectField } from '../shared/SelectField';
import { useStaffTitle } from '../shared/title';
import { useStaffForm, type Values } from '../shared/use-staff-form';
import { IssuedLink } from './IssuedLink';
import { IssuedLinks } from './IssuedLinks';
import { useIssueTemporaryLink, useRevokeTemporaryLink } from './mutations';
import { LINK_ANSWER_FIELDS, MAX_LINK_DAYS, temporaryLinkSchema } from './validation';

const FIELD_ORDER = [...LINK_ANSWER_FIELDS, 'recipient_name', 'recipient_email', 'expires_in_days'] as const;
const EMPTY: Values = { first_name: '', last_name: '', entry_term: '', applied_major: '', recipient_name: '', recipient_email: '', expires_in_days: '7' };

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

/**
 * Temporary links: answers prepared for a prospect (e.g. after a fair), behind a fresh ?token=
 * link that opens the application with them filled in; sent to the prospect when an e-mail is
 * given. Below, the links issued, each revocable.
 */
export function LinksScreen({ page }: { page: TemporaryLinkPage | undefined }) {
  const sessionLost = useSessionLost();
  const create = useIssueTemporaryLink();
  const revoke = useRevokeTemporaryLink();
  // The server's messages per answer key go beside the fields this form has; the rest in the summary.
  const form = useStaffForm(temporaryLinkSchema, EMPTY, { fields: FIELD_ORDER, mutation: create });
  const { errors, edit, fieldId } = form;
  useStaffTitle('Temporary links', form.hasErrors);

  const submit = form.onSubmit((values) => {
    const recipient = recipientOf(values);
    form.send({ answer: preparedAnswers(values), expires_in_days: Number(values.expires_in_days), ...(recipient ? { recipient } : {}) }, () => {
      // A fresh form for the next prospect: nothing of this one's answers lingers.
      form.reset(EMPTY);
    });
  });

  const revokeLink = (id: string) => {
    revoke.mutate(id, {
      onError: (error) => {
        if (isStaffSessionLost(error)) sessionLost();
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
      <ErrorSummary {...form.summary} />
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
        page={page}
        revoking={revoke.isPending ? revoke.variables : undefined}
        revoked={revoke.isSuccess ? revoke.variables : undefined}
        revokeError={revoke.error && !isStaffSessionLost(revoke.error) ? revoke.error.message : undefined}
        onRevoke={revokeLink}
      />
    </>
  );
}

import { useState, type FormEvent } from 'react';
import { InputError } from '#form/wire/input';
import { parseInvitation, type RecommendationItem, type RecommenderRole } from '#form/wire/recommendations';
import { ErrorList } from '#web/components/ErrorList';
import { ErrorSummary, prefixedFieldId, summaryItems } from '#web/components/ErrorSummary';
import { Field } from '#web/components/fields';
import { ApiError, isUnauthorized } from '#web/lib/api-client';
import { translate, useT } from '#web/lib/i18n';
import { genericErrorMessage } from '#web/lib/messages';
import { inviteRecommender, type InvitationValues } from '../api/applicant-api';
import { waiverFirstMessage } from '../words';

const PREFIX = 'invite';
const FIELDS = ['role', 'first_name', 'last_name', 'email'] as const;
type Errors = Partial<Record<(typeof FIELDS)[number], string[]>>;

/** The counselor the applicant named on the form, offered when the counselor is invited. */
export interface CounselorAnswers {
  first_name: string;
  last_name: string;
  email: string;
}

/** The same checks as the server's, with the same words (the contract's parser). */
function check(values: InvitationValues): Errors {
  try {
    parseInvitation(values);
    return {};
  } catch (error) {
    if (error instanceof InputError) return error.errors ?? {};
    throw error;
  }
}

const sameNames = (a: CounselorAnswers, b: CounselorAnswers) => a.first_name === b.first_name && a.last_name === b.last_name && a.email === b.email;
const EMPTY: CounselorAnswers = { first_name: '', last_name: '', email: '' };

const prefilled = (role: RecommenderRole, counselor: CounselorAnswers): InvitationValues => ({ role, ...(role === 'counselor' ? counselor : EMPTY) });

/** Choosing the counselor fills in the form's counselor over empty fields; leaving it clears them again. Typed names stay. */
function switchRole(values: InvitationValues, role: RecommenderRole, counselor: CounselorAnswers): InvitationValues {
  const { role: _previous, ...names } = values;
  if (role === 'counselor' && sameNames(names, EMPTY)) return { role, ...counselor };
  if (role === 'teacher' && sameNames(names, counselor)) return { role, ...EMPTY };
  return { ...values, role };
}

/**
 * Invites one recommender: the role (the counselor pre-filled from the form's answers), name and
 * e-mail. Checked on submit with the contract's rules; the server's refusals (a field's 400, a
 * 409 in words) join the summary, which takes focus.
 */
export function InviteForm({
  counselor,
  roles,
  blocked,
  beforeInvite,
  onInvited,
}: {
  counselor: CounselorAnswers;
  /** The roles that still have room, in order. */
  roles: RecommenderRole[];
  /** Until the waiver is answered no invitation can go: the form says why and is disabled. */
  blocked: boolean;
  /** Runs first (the Final Steps page saves the answers the server checks the invitation against). */
  beforeInvite?: () => Promise<unknown>;
  onInvited: (item: RecommendationItem) => void;
}) {
  const t = useT();
  const firstRole = roles[0] ?? 'teacher';
  const [values, setValues] = useState<InvitationValues>(() => prefilled(firstRole, counselor));
  const [errors, setErrors] = useState<Errors>({});
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  // A role that filled up meanwhile (another tab, this form's last invitation) gives way to one with room.
  const role = roles.includes(values.role) ? values.role : firstRole;

  const set = (field: keyof InvitationValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (attempt > 0) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blocked || busy) return;
    const body = { ...values, role };
    const found = check(body);
    setSent(null);
    setServerMessage(null);
    setErrors(found);
    setAttempt((n) => n + 1);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await beforeInvite?.();
      const item = await inviteRecommender(body);
      setSent(translate('recommend.invite.sent', { name: `${item.first_name} ${item.last_name}`, email: item.email }));
      setValues(prefilled(roles.includes('teacher') ? 'teacher' : 'counselor', counselor));
      setAttempt(0);
      onInvited(item);
    } catch (error) {
      if (isUnauthorized(error)) return;
      if (error instanceof ApiError && error.errors && Object.keys(error.errors).length > 0) setErrors(error.errors);
      else setServerMessage(error instanceof Error && error.message ? error.message : genericErrorMessage());
      setAttempt((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  const gateId = `${PREFIX}-waiver-gate`;
  return (
    <form className="recommendations__invite" noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${PREFIX}-title`}>
      <h3 id={`${PREFIX}-title`}>{t('recommend.invite.title')}</h3>
      {blocked && (
        <p id={gateId} className="recommendations__gate">
          {waiverFirstMessage()}
        </p>
      )}
      <ErrorSummary items={summaryItems(errors, FIELDS, serverMessage)} attempt={attempt} prefix={PREFIX} headingLevel={3} />
      {sent && (
        <p role="status" className="recommendations__sent">
          {sent}
        </p>
      )}
      <fieldset className="recommendations__fields" disabled={blocked || busy}>
        <legend className="visually-hidden">{t('recommend.invite.recommender')}</legend>
        <fieldset
          id={prefixedFieldId(PREFIX, 'role')}
          className={`field${errors.role?.length ? ' field--error' : ''}`}
          aria-describedby={errors.role?.length ? `${PREFIX}-role-error` : undefined}
        >
          <legend>{t('recommend.invite.who')}</legend>
          <div className="choices--inline">
            {(['counselor', 'teacher'] as const).map((r) => (
              <div className="choice" key={r}>
                <input
                  id={`${PREFIX}-role-${r}`}
                  type="radio"
                  name={`${PREFIX}-role`}
                  value={r}
                  checked={role === r}
                  disabled={!roles.includes(r)}
                  onChange={() => setValues((v) => switchRole(v, r, counselor))}
                />
                <label htmlFor={`${PREFIX}-role-${r}`}>
                  {t(`recommend.invite.role.${r}`)}
                  {!roles.includes(r) && <span className="field__optional"> {t(`recommend.invite.full.${r}`)}</span>}
                </label>
              </div>
            ))}
          </div>
          <ErrorList id={`${PREFIX}-role-error`} errors={errors.role} />
        </fieldset>
        <div className="field-row">
          <div id={prefixedFieldId(PREFIX, 'first_name')}>
            <Field
              label={t('recommend.invite.firstName')}
              name="first_name"
              autoComplete="off"
              value={values.first_name}
              onValue={(v) => set('first_name', v)}
              errors={errors.first_name}
            />
          </div>
          <div id={prefixedFieldId(PREFIX, 'last_name')}>
            <Field
              label={t('recommend.invite.lastName')}
              name="last_name"
              autoComplete="off"
              value={values.last_name}
              onValue={(v) => set('last_name', v)}
              errors={errors.last_name}
            />
          </div>
        </div>
        <div id={prefixedFieldId(PREFIX, 'email')}>
          <Field
            label={t('recommend.invite.email')}
            name="email"
            type="email"
            autoComplete="off"
            spellCheck={false}
            value={values.email}
            onValue={(v) => set('email', v)}
            errors={errors.email}
          />
        </div>
      </fieldset>
      <p>
        <button type="submit" className="button button--primary" disabled={blocked || busy} aria-describedby={blocked ? gateId : undefined}>
          {busy ? t('recommend.invite.busy') : t('recommend.invite.submit')}
        </button>
      </p>
    </form>
  );
}

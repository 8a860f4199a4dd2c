import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { checkAccountForm } from '#form/account-rules';
import { AuthCard } from '#web/components/AuthCard';
import { Field } from '#web/components/fields';
import { InlineToast } from '#web/components/Toasts';
import { readCarried } from '#web/lib/answers';
import { T, useT } from '#web/lib/i18n';
import { paths } from '#web/lib/routes';
import { useConfirm, useResendConfirm } from '../api/auth-api';
import { accountMessage } from '../components/account-words';
import { useCarry } from '../components/carry';
import { ServerCheckedEmail } from '../components/ServerCheckedEmail';
import { useAccountForm } from '../components/use-account-form';

export function ConfirmRoute() {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const carry = useCarry();
  const incoming = readCarried(location.state);
  const form = useAccountForm('confirm', { username: incoming.username ?? '', code: '' });
  const mutation = useConfirm();
  const resend = useResendConfirm();
  const [resendMessage, setResendMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [incomingOpen, setIncomingOpen] = useState(true);

  // The card checks only the code; a bad e-mail is the server's to refuse, shown as the card's error toast.
  const submit = () => {
    if (!form.check()) return;
    const username = form.values.username ?? '';
    mutation.mutate(
      { username, code: form.values.code ?? '' },
      {
        onSuccess: (res) => void navigate(paths.login, { state: { ...carry, username, successMessage: res.message ?? t('confirm.confirmed') } }),
      },
    );
  };
  const resendCode = () => {
    const username = form.values.username ?? '';
    const first = checkAccountForm('resend', { username }).username?.[0];
    if (first) return setResendMessage({ ok: false, text: accountMessage(first) });
    resend.mutate(
      { username },
      {
        onSuccess: (res) => setResendMessage({ ok: true, text: res.message ?? t('confirm.codeSent') }),
        onError: (e) => setResendMessage({ ok: false, text: e.message }),
      },
    );
  };
  return (
    <AuthCard
      title={t('confirm.title')}
      busy={mutation.isPending}
      onSubmit={submit}
      toast={
        <>
          {incomingOpen && incoming.successMessage && (
            <InlineToast label={t('confirm.messageLabel')} severity="success" message={incoming.successMessage} onClose={() => setIncomingOpen(false)} />
          )}
          {mutation.error && <InlineToast label={t('confirm.errorLabel')} message={mutation.error.message} onClose={() => mutation.reset()} />}
          {resendMessage && (
            <InlineToast
              label={resendMessage.ok ? t('confirm.resendLabel') : t('login.resendErrorLabel')}
              severity={resendMessage.ok ? 'success' : 'error'}
              message={resendMessage.text}
              onClose={() => setResendMessage(null)}
            />
          )}
        </>
      }
      footer={
        <>
          <p>
            <button type="button" className="link-button" onClick={resendCode}>
              {t('login.resend')}
            </button>
          </p>
          <p>
            <T id="confirm.alreadyConfirmed" components={[<Link to={paths.login} state={carry} />]} />
          </p>
        </>
      }
    >
      <ServerCheckedEmail value={form.values.username ?? ''} onValue={(v) => form.set('username', v)} error={mutation.error} />
      <Field
        label={t('confirm.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={form.values.code ?? ''}
        onValue={(v) => form.set('code', v)}
        errors={form.errors.code}
      />
    </AuthCard>
  );
}

export const Component = ConfirmRoute;

import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { checkAccountForm } from '#form/account-rules';
import { AuthCard } from '#web/components/AuthCard';
import { Field } from '#web/components/fields';
import { InlineToast } from '#web/components/Toasts';
import { readCarried } from '#web/lib/answers';
import { paths } from '#web/lib/routes';
import { useConfirm, useResendConfirm } from '../api/auth-api';
import { useCarry } from '../components/carry';
import { ServerCheckedEmail } from '../components/ServerCheckedEmail';
import { useAccountForm } from '../components/use-account-form';

export function ConfirmRoute() {
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
        onSuccess: (res) =>
          void navigate(paths.login, { state: { ...carry, username, successMessage: res.message ?? 'Your account is confirmed. Please sign in.' } }),
      },
    );
  };
  const resendCode = () => {
    const username = form.values.username ?? '';
    const first = checkAccountForm('resend', { username }).username?.[0];
    if (first) return setResendMessage({ ok: false, text: first });
    resend.mutate(
      { username },
      {
        onSuccess: (res) => setResendMessage({ ok: true, text: res.message ?? 'A new confirmation code has been sent.' }),
        onError: (e) => setResendMessage({ ok: false, text: e.message }),
      },
    );
  };
  return (
    <AuthCard
      title="Confirm Your Account"
      busy={mutation.isPending}
      onSubmit={submit}
      toast={
        <>
          {incomingOpen && incoming.successMessage && (
            <InlineToast label="Confirm Card Message" severity="success" message={incoming.successMessage} onClose={() => setIncomingOpen(false)} />
          )}
          {mutation.error && <InlineToast label="Confirm Card Error" message={mutation.error.message} onClose={() => mutation.reset()} />}
          {resendMessage && (
            <InlineToast
              label={resendMessage.ok ? 'Resend Confirmation Code' : 'Resend Confirmation Code Error'}
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
              Resend confirmation code?
            </button>
          </p>
          <p>
            Already confirmed?{' '}
            <Link to={paths.login} state={carry}>
              Sign In
            </Link>
          </p>
        </>
      }
    >
      <ServerCheckedEmail value={form.values.username ?? ''} onValue={(v) => form.set('username', v)} error={mutation.error} />
      <Field
        label="Confirmation code"
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

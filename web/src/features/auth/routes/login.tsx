import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { checkAccountForm } from '#form/account-rules';
import { AuthCard } from '#web/components/AuthCard';
import { Field } from '#web/components/fields';
import { FullScreenSpinner } from '#web/components/Spinner';
import { InlineToast, useToast } from '#web/components/Toasts';
import { readCarried } from '#web/lib/answers';
import { isUnauthorized } from '#web/lib/api-client';
import { T, translate, useT } from '#web/lib/i18n';
import { completeLogin } from '#web/lib/login-complete';
import type { Answers } from '#web/lib/profile';
import { DEFAULT_FORM_ROUTE, paths } from '#web/lib/routes';
import { useLogin, useResendConfirm } from '../api/auth-api';
import { accountMessage } from '../components/account-words';
import { useCarry } from '../components/carry';
import { useAccountForm } from '../components/use-account-form';

/**
 * After the server accepted the password: save the answers typed before, then on to the form.
 * `finishing` shows the full-screen spinner meanwhile; `finishLogin` never rejects.
 */
function useFinishLogin(carried: Answers | undefined) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [finishing, setFinishing] = useState(false);
  const finishLogin = async () => {
    setFinishing(true);
    try {
      await completeLogin(queryClient, carried);
    } catch (error) {
      // A lost session is the API client's to handle (back to this card, with its message).
      if (isUnauthorized(error)) return setFinishing(false);
      // Signed in all the same: the form's loader sends them on (a submitted application to
      // /completion), and the toast says what became of the answers typed before.
      toast.show({ severity: 'error', title: translate('shell.error'), message: `${translate('login.carryNotSaved')} ${(error as Error).message}` });
    }
    void navigate(DEFAULT_FORM_ROUTE, { replace: true });
  };
  return { finishing, finishLogin };
}

/** "Resend confirmation code?": checks the e-mail only, then on to the confirmation card. */
function useResendCode(carry: ReturnType<typeof useCarry>) {
  const navigate = useNavigate();
  const resend = useResendConfirm();
  const [resendError, setResendError] = useState<string | null>(null);
  const resendCode = (username: string) => {
    const errors = checkAccountForm('resend', { username });
    const first = errors.username?.[0];
    if (first) {
      setResendError(accountMessage(first));
      return;
    }
    setResendError(null);
    resend.mutate(
      { username },
      {
        onSuccess: (res) => void navigate(paths.confirm, { state: { ...carry, username, successMessage: res.message } }),
        onError: (e) => setResendError(e.message),
      },
    );
  };
  return { resendCode, resendPending: resend.isPending, resendError, clearResendError: () => setResendError(null) };
}

function LoginFooter({ carry, onResend, resendPending }: { carry: ReturnType<typeof useCarry>; onResend: () => void; resendPending: boolean }) {
  const t = useT();
  return (
    <>
      <p>
        <Link to={paths.forgot} state={carry}>
          {t('login.forgot')}
        </Link>
      </p>
      <p>
        <button type="button" className="link-button" onClick={onResend} aria-disabled={resendPending || undefined}>
          {t('login.resend')}
        </button>
      </p>
      <p>
        <T id="login.noAccount" components={[<Link to={paths.signup} state={carry} />]} />
      </p>
    </>
  );
}

export function LoginRoute() {
  const t = useT();
  const location = useLocation();
  const carry = useCarry();
  const incoming = readCarried(location.state);
  const form = useAccountForm('login', { username: incoming.username ?? '', password: '' });
  const loginMutation = useLogin();
  const { resendCode, resendPending, resendError, clearResendError } = useResendCode(carry);
  const [stateMessageOpen, setStateMessageOpen] = useState(true);
  const { finishing, finishLogin } = useFinishLogin(carry.studentAnswers);

  const submit = () => {
    if (!form.check()) return;
    loginMutation.mutate({ username: form.values.username ?? '', password: form.values.password ?? '' }, { onSuccess: () => void finishLogin() });
  };

  // Past the card: the full-screen spinner while the answers typed before are saved, the profile
  // loads and the form's chunks arrive, not a card stuck on its Submit button.
  if (finishing) return <FullScreenSpinner label={t('login.signingIn')} />;

  const stateMessage = stateMessageOpen ? (incoming.errorMessage ?? incoming.successMessage) : undefined;
  return (
    <AuthCard
      title={t('login.title')}
      submitLabel={t('login.submit')}
      columns={2}
      busy={loginMutation.isPending}
      onSubmit={submit}
      toast={
        <>
          {stateMessage && (
            <InlineToast
              label={incoming.errorMessage ? t('login.errorLabel') : t('login.messageLabel')}
              severity={incoming.errorMessage ? 'error' : 'success'}
              message={stateMessage}
              onClose={() => setStateMessageOpen(false)}
            />
          )}
          {loginMutation.error && <InlineToast label={t('login.errorLabel')} message={loginMutation.error.message} onClose={() => loginMutation.reset()} />}
          {resendError && <InlineToast label={t('login.resendErrorLabel')} message={resendError} onClose={clearResendError} />}
        </>
      }
      footer={<LoginFooter carry={carry} onResend={() => resendCode(form.values.username ?? '')} resendPending={resendPending} />}
    >
      <Field
        label={t('auth.email')}
        name="username"
        type="email"
        autoComplete="username"
        value={form.values.username ?? ''}
        onValue={(v) => form.set('username', v)}
        errors={form.errors.username}
      />
      <Field
        label={t('auth.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={form.values.password ?? ''}
        onValue={(v) => form.set('password', v)}
        errors={form.errors.password}
      />
    </AuthCard>
  );
}

export const Component = LoginRoute;

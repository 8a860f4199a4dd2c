import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { validateAccountForm } from '../../../../../form/account';
import { AuthCard } from '../components/AuthCard';
import { Field } from '../components/fields';
import { useAccountForm } from '../components/use-account-form';
import { useCarry } from '../components/carry';
import { useLogin, useResendConfirm } from '../api/auth-api';
import { InlineToast } from '../../../components/Toasts';
import { readCarried } from '../../../lib/answers';
import { completeLogin } from '../../../lib/login-complete';
import { DEFAULT_FORM_ROUTE, paths } from '../../../lib/routes';

export function LoginRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const carry = useCarry();
  const incoming = readCarried(location.state);
  const form = useAccountForm('login', { username: incoming.username ?? '', password: '' });
  const loginMutation = useLogin();
  const resend = useResendConfirm();
  const [resendError, setResendError] = useState<string | null>(null);
  const [stateMessageOpen, setStateMessageOpen] = useState(true);
  const [finishing, setFinishing] = useState(false);

  const submit = () => {
    if (!form.check()) return;
    loginMutation.mutate(
      { username: form.values.username ?? '', password: form.values.password ?? '' },
      {
        onSuccess: async () => {
          setFinishing(true);
          await completeLogin(queryClient, carry.studentAnswers);
          navigate(DEFAULT_FORM_ROUTE, { replace: true });
        },
      },
    );
  };

  const resendCode = () => {
    const username = form.values.username ?? '';
    const errors = validateAccountForm('resend', { username });
    const first = errors.username?.[0];
    if (first) {
      setResendError(first);
      return;
    }
    setResendError(null);
    resend.mutate(
      { username },
      {
        onSuccess: (res) => navigate(paths.confirm, { state: { ...carry, username, successMessage: res.message } }),
        onError: (e) => setResendError(e.message),
      },
    );
  };

  const stateMessage = stateMessageOpen ? (incoming.errorMessage ?? incoming.successMessage) : undefined;
  return (
    <AuthCard
      title="Sign In"
      columns={2}
      busy={loginMutation.isPending || finishing}
      onSubmit={submit}
      toast={
        <>
          {stateMessage && (
            <InlineToast
              label={incoming.errorMessage ? 'Login Card Error' : 'Login Card Message'}
              severity={incoming.errorMessage ? 'error' : 'success'}
              message={stateMessage}
              onClose={() => setStateMessageOpen(false)}
            />
          )}
          {loginMutation.error && <InlineToast label="Login Card Error" message={loginMutation.error.message} onClose={() => loginMutation.reset()} />}
          {resendError && <InlineToast label="Resend Confirmation Code Error" message={resendError} onClose={() => setResendError(null)} />}
        </>
      }
      footer={
        <>
          <p>
            <Link to={paths.forgot} state={carry}>
              Forgot password?
            </Link>
          </p>
          <p>
            <button type="button" className="link-button" onClick={resendCode} aria-disabled={resend.isPending || undefined}>
              Resend confirmation code?
            </button>
          </p>
          <p>
            Don't have an account?{' '}
            <Link to={paths.signup} state={carry}>
              Sign Up
            </Link>
          </p>
        </>
      }
    >
      <Field label="Email" name="username" type="email" autoComplete="username" value={form.values.username ?? ''} onValue={(v) => form.set('username', v)} errors={form.errors.username} />
      <Field label="Password" name="password" type="password" autoComplete="current-password" value={form.values.password ?? ''} onValue={(v) => form.set('password', v)} errors={form.errors.password} />
    </AuthCard>
  );
}

export const Component = LoginRoute;

import { useNavigate, useSearchParams } from 'react-router-dom';
import { AuthCard } from '#web/components/AuthCard';
import { Field } from '#web/components/fields';
import { NewPasswordField } from '#web/components/PasswordRules';
import { InlineToast } from '#web/components/Toasts';
import { paths } from '#web/lib/routes';
import { useResetPassword } from '../api/auth-api';
import { useCarry } from '../components/carry';
import { RememberedSignIn } from '../components/RememberedSignIn';
import { ServerCheckedEmail } from '../components/ServerCheckedEmail';
import { useAccountForm } from '../components/use-account-form';

export function ResetRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const carry = useCarry();
  const form = useAccountForm('reset', { username: params.get('username') ?? '', id: params.get('id') ?? '', password: '', confirm_password: '' });
  const mutation = useResetPassword();
  // The card checks password, confirm_password and id; the server refuses a bad username in the card's error toast.
  const submit = () => {
    if (!form.check()) return;
    const v = form.values;
    mutation.mutate(
      { username: v.username ?? '', password: v.password ?? '', confirm_password: v.confirm_password ?? '', id: v.id ?? '' },
      {
        onSuccess: (res) =>
          void navigate(paths.login, {
            state: { ...carry, username: v.username, successMessage: res.message ?? 'Your password has been reset. Please sign in.' },
          }),
      },
    );
  };
  return (
    <AuthCard
      title="Reset Password"
      columns={2}
      busy={mutation.isPending}
      onSubmit={submit}
      toast={mutation.error && <InlineToast label="Reset Password Card Error" message={mutation.error.message} onClose={() => mutation.reset()} />}
      footer={<RememberedSignIn carry={carry} />}
    >
      <ServerCheckedEmail value={form.values.username ?? ''} onValue={(v) => form.set('username', v)} error={mutation.error} />
      <Field label="Reset code" name="id" autoComplete="off" value={form.values.id ?? ''} onValue={(v) => form.set('id', v)} errors={form.errors.id} />
      <NewPasswordField label="New password" value={form.values.password ?? ''} onValue={(v) => form.set('password', v)} errors={form.errors.password} />
      <Field
        label="Confirm new password"
        name="confirm_password"
        type="password"
        autoComplete="new-password"
        value={form.values.confirm_password ?? ''}
        onValue={(v) => form.set('confirm_password', v)}
        errors={form.errors.confirm_password}
      />
    </AuthCard>
  );
}

export const Component = ResetRoute;

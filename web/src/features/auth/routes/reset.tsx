import { useNavigate, useSearchParams } from 'react-router-dom';
import { AuthCard } from '#web/components/AuthCard';
import { Field } from '#web/components/fields';
import { NewPasswordField } from '#web/components/PasswordRules';
import { InlineToast } from '#web/components/Toasts';
import { useT } from '#web/lib/i18n';
import { paths } from '#web/lib/routes';
import { useResetPassword } from '../api/auth-api';
import { useCarry } from '../components/carry';
import { RememberedSignIn } from '../components/RememberedSignIn';
import { ServerCheckedEmail } from '../components/ServerCheckedEmail';
import { useAccountForm } from '../components/use-account-form';

export function ResetRoute() {
  const t = useT();
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
            state: { ...carry, username: v.username, successMessage: res.message ?? t('reset.done') },
          }),
      },
    );
  };
  return (
    <AuthCard
      title={t('reset.title')}
      columns={2}
      busy={mutation.isPending}
      onSubmit={submit}
      toast={mutation.error && <InlineToast label={t('reset.errorLabel')} message={mutation.error.message} onClose={() => mutation.reset()} />}
      footer={<RememberedSignIn carry={carry} />}
    >
      <ServerCheckedEmail value={form.values.username ?? ''} onValue={(v) => form.set('username', v)} error={mutation.error} />
      <Field label={t('reset.code')} name="id" autoComplete="off" value={form.values.id ?? ''} onValue={(v) => form.set('id', v)} errors={form.errors.id} />
      <NewPasswordField
        label={t('reset.newPassword')}
        value={form.values.password ?? ''}
        onValue={(v) => form.set('password', v)}
        errors={form.errors.password}
      />
      <Field
        label={t('reset.confirmPassword')}
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

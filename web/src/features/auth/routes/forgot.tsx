import { AuthCard } from '#web/components/AuthCard';
import { Field } from '#web/components/fields';
import { InlineToast } from '#web/components/Toasts';
import { useT } from '#web/lib/i18n';
import { useForgotPassword } from '../api/auth-api';
import { useCarry } from '../components/carry';
import { RememberedSignIn } from '../components/RememberedSignIn';
import { useAccountForm } from '../components/use-account-form';

export function ForgotRoute() {
  const t = useT();
  const carry = useCarry();
  const form = useAccountForm('forgot', { username: '' });
  const mutation = useForgotPassword();
  const submit = () => {
    if (!form.check()) return;
    // Success is shown once, as the card's own toast with a close action (below).
    mutation.mutate({ username: form.values.username ?? '' });
  };
  return (
    <AuthCard
      title={t('forgot.title')}
      busy={mutation.isPending}
      onSubmit={submit}
      toast={
        <>
          {mutation.error && <InlineToast label={t('forgot.errorLabel')} message={mutation.error.message} onClose={() => mutation.reset()} />}
          {mutation.isSuccess && (
            <InlineToast
              label={t('forgot.messageLabel')}
              severity="success"
              message={mutation.data.message ?? t('forgot.sent')}
              onClose={() => mutation.reset()}
            />
          )}
        </>
      }
      footer={<RememberedSignIn carry={carry} />}
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
    </AuthCard>
  );
}

export const Component = ForgotRoute;

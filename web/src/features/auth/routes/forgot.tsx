import { AuthCard } from '#web/components/AuthCard';
import { Field } from '#web/components/fields';
import { InlineToast } from '#web/components/Toasts';
import { useForgotPassword } from '../api/auth-api';
import { useCarry } from '../components/carry';
import { RememberedSignIn } from '../components/RememberedSignIn';
import { useAccountForm } from '../components/use-account-form';

export function ForgotRoute() {
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
      title="Forgot Password"
      busy={mutation.isPending}
      onSubmit={submit}
      toast={
        <>
          {mutation.error && <InlineToast label="Forgot Password Card Error" message={mutation.error.message} onClose={() => mutation.reset()} />}
          {mutation.isSuccess && (
            <InlineToast
              label="Forgot Password Card Message"
              severity="success"
              message={mutation.data.message ?? 'Check your e-mail for a link to reset your password.'}
              onClose={() => mutation.reset()}
            />
          )}
        </>
      }
      footer={<RememberedSignIn carry={carry} />}
    >
      <Field
        label="Email"
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

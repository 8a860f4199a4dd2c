import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AuthCard } from '#web/components/AuthCard';
import { Field } from '#web/components/fields';
import { NewPasswordField } from '#web/components/PasswordRules';
import { InlineToast } from '#web/components/Toasts';
import { readCarried } from '#web/lib/answers';
import { useHydrated } from '#web/lib/hydrated';
import { T, useT } from '#web/lib/i18n';
import { paths } from '#web/lib/routes';
import { useSignup } from '../api/auth-api';
import { useCarry } from '../components/carry';
import { useAccountForm } from '../components/use-account-form';

export function SignupRoute() {
  const t = useT();
  const navigate = useNavigate();
  const carry = useCarry();
  // Navigation state is not in the prerendered card: the reason shows once the app has taken over.
  const hydrated = useHydrated();
  const toSave = readCarried(useLocation().state).signupToSave === true;
  const why = hydrated && toSave ? t(carry.studentAnswers ? 'signup.toSave' : 'signup.toSubmit') : undefined;
  const form = useAccountForm('signup', { username: '', password: '' });
  const mutation = useSignup();
  const submit = () => {
    if (!form.check()) return;
    const username = form.values.username ?? '';
    mutation.mutate(
      { username, password: form.values.password ?? '' },
      { onSuccess: (res) => void navigate(paths.confirm, { state: { ...carry, username, successMessage: res.message } }) },
    );
  };
  return (
    <AuthCard
      title={t('signup.title')}
      submitLabel={t('signup.submit')}
      columns={2}
      busy={mutation.isPending}
      onSubmit={submit}
      note={why}
      toast={mutation.error && <InlineToast label={t('signup.errorLabel')} message={mutation.error.message} onClose={() => mutation.reset()} />}
      footer={
        <p>
          <T id="signup.haveAccount" components={[<Link to={paths.login} state={carry} />]} />
        </p>
      }
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
      <NewPasswordField label={t('auth.password')} value={form.values.password ?? ''} onValue={(v) => form.set('password', v)} errors={form.errors.password} />
    </AuthCard>
  );
}

export const Component = SignupRoute;

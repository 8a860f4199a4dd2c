import { useEffect, useRef, useState } from 'react';
import { AuthCard } from '#web/components/AuthCard';
import { ErrorSummary } from '#web/components/ErrorSummary';
import { Field } from '#web/components/fields';
import { NewPasswordField } from '#web/components/PasswordRules';
import { InlineToast } from '#web/components/Toasts';
import type { StaffLoginRequest, StaffLoginResponse } from '../api/staff-api';
import { useStaffTitle } from '../shared/title';
import { useStaffForm, type Values } from '../shared/use-staff-form';
import { useStaffLogin } from './mutations';
import { QrCode } from './QrCode';
import { codeSchema, credentialsSchema, newPasswordSchema } from './validation';

type Step =
  | { kind: 'credentials' }
  | { kind: 'new-password'; session: string }
  | { kind: 'mfa-setup'; session: string; secret: string; uri: string }
  | { kind: 'mfa'; session: string };

const TITLES: Record<Step['kind'], string> = {
  credentials: 'Staff sign-in',
  'new-password': 'Choose a new password',
  'mfa-setup': 'Set up your authenticator app',
  mfa: 'Enter your sign-in code',
};

const SCHEMAS = { credentials: credentialsSchema, 'new-password': newPasswordSchema, 'mfa-setup': codeSchema, mfa: codeSchema };
const FIELDS: Record<Step['kind'], readonly string[]> = {
  credentials: ['username', 'password'],
  'new-password': ['new_password', 'confirm_password'],
  'mfa-setup': ['code'],
  mfa: ['code'],
};
const EMPTY: Record<Step['kind'], Values> = {
  credentials: { username: '', password: '' },
  'new-password': { new_password: '', confirm_password: '' },
  'mfa-setup': { code: '' },
  mfa: { code: '' },
};

/** The next step the server asks for, or null once signed in. */
function nextStep(res: StaffLoginResponse): Step | null {
  switch (res.challenge) {
    case 'NEW_PASSWORD_REQUIRED':
      return { kind: 'new-password', session: res.session };
    case 'MFA_SETUP':
      return { kind: 'mfa-setup', session: res.session, secret: res.secret, uri: res.otpauth_uri };
    case 'SOFTWARE_TOKEN_MFA':
      return { kind: 'mfa', session: res.session };
    default:
      return null;
  }
}

/** The secret in groups of four, easier to copy by hand into an app. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Staff sign-in (Cognito's challenge flow): e-mail and password; on the first sign-in a new
 * password, then the authenticator app's setup with a QR code (and the secret as text for those
 * who cannot scan); on later sign-ins the 6-digit code. One screen whose heading and fields
 * change per step; each step starts with focus on its heading.
 */
export function LoginScreen({ incoming, onSignedIn }: { incoming: string | undefined; onSignedIn: () => void }) {
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [username, setUsername] = useState('');
  const login = useStaffLogin();
  // The server's message alone: its keys (email, challenge, session) are not this card's fields.
  const form = useStaffForm(SCHEMAS[step.kind], EMPTY.credentials, { fields: FIELDS[step.kind], mutation: login, signIn: true, place: () => ({}) });
  const headingStep = useRef(step.kind);
  const [incomingOpen, setIncomingOpen] = useState(true);
  useStaffTitle(TITLES[step.kind], form.hasErrors);

  useEffect(() => {
    if (headingStep.current === step.kind) return;
    headingStep.current = step.kind;
    const heading = document.getElementById('auth-card-title');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus();
    }
  }, [step.kind]);

  const submit = form.onSubmit((v) => {
    const email = step.kind === 'credentials' ? (v.username ?? '').trim() : username;
    const code = (v.code ?? '').replace(/\s/g, '');
    let body: StaffLoginRequest;
    if (step.kind === 'credentials') body = { email, password: v.password ?? '' };
    else if (step.kind === 'new-password') body = { email, challenge: 'NEW_PASSWORD_REQUIRED', session: step.session, new_password: v.new_password ?? '' };
    else body = { email, challenge: step.kind === 'mfa-setup' ? 'MFA_SETUP' : 'SOFTWARE_TOKEN_MFA', session: step.session, code };
    form.send(body, (res) => {
      const next = nextStep(res);
      if (!next) {
        onSignedIn();
        return;
      }
      setUsername(email);
      setStep(next);
      form.reset(EMPTY[next.kind]);
    });
  });

  const field = (name: string, label: string, extra: Partial<Parameters<typeof Field>[0]> = {}) => (
    <div id={form.fieldId(name)}>
      <Field label={label} name={name} value={form.values[name] ?? ''} onValue={(value) => form.edit(name, value)} errors={form.errors[name]} {...extra} />
    </div>
  );

  return (
    <AuthCard
      title={TITLES[step.kind]}
      busy={login.isPending}
      submitLabel={step.kind === 'credentials' ? 'Sign in' : 'Continue'}
      onSubmit={submit}
      toast={
        <>
          {incoming && incomingOpen && step.kind === 'credentials' && (
            <InlineToast label="Staff sign-in message" severity="success" message={incoming} onClose={() => setIncomingOpen(false)} />
          )}
          <ErrorSummary {...form.summary} />
        </>
      }
      footer={
        step.kind === 'credentials' ? (
          <p>This sign-in is for the admissions office. Applicants sign in on the application's own page.</p>
        ) : (
          <p>
            Signing in as <strong>{username}</strong>.{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                login.reset();
                setStep({ kind: 'credentials' });
                form.reset({ username, password: '' });
              }}
            >
              Start again
            </button>
          </p>
        )
      }
    >
      {step.kind === 'credentials' && (
        <>
          {field('username', 'Email', { type: 'email', autoComplete: 'username' })}
          {field('password', 'Password', { type: 'password', autoComplete: 'current-password' })}
        </>
      )}
      {step.kind === 'new-password' && (
        <>
          <p>This is your first sign-in: replace the temporary password from your invitation with one of your own.</p>
          <div id={form.fieldId('new_password')}>
            <NewPasswordField
              label="New password"
              value={form.values.new_password ?? ''}
              onValue={(value) => form.edit('new_password', value)}
              errors={form.errors.new_password}
            />
          </div>
          {field('confirm_password', 'Confirm new password', { type: 'password', autoComplete: 'new-password' })}
        </>
      )}
      {step.kind === 'mfa-setup' && (
        <>
          <ol className="staff-steps">
            <li>Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or 1Password).</li>
            <li>
              Scan this QR code with it:
              <QrCode value={step.uri} label="QR code that adds this account to an authenticator app" />
            </li>
            <li>
              If you cannot scan the code, add the account by hand with this key: <code className="staff-secret">{grouped(step.secret)}</code>
            </li>
            <li>Enter the 6-digit code the app shows.</li>
          </ol>
          {field('code', '6-digit code', { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 7 })}
        </>
      )}
      {step.kind === 'mfa' && (
        <>
          <p>Open your authenticator app and enter the 6-digit code it shows for this account.</p>
          {field('code', '6-digit code', { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 7 })}
        </>
      )}
    </AuthCard>
  );
}

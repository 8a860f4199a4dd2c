import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { institution } from '#form/institution';
import { CLOSE_ACCOUNT_TEXT } from '#form/wire/data-rights-messages';
import { DownloadLink } from '#web/components/DownloadLink';
import { ErrorList } from '#web/components/ErrorList';
import { ErrorSummary, prefixedFieldId, type SummaryItem } from '#web/components/ErrorSummary';
import { Field } from '#web/components/fields';
import { ApiError, call, urlOf } from '#web/lib/api-client';
import { forgetSession } from '#web/lib/logout';
import { paths } from '#web/lib/routes';
import { useSnapshot } from '#web/lib/session';

const PREFIX = 'close-account';
export const CONFIRM_MISSING = 'Tick the box to confirm that you want your account and everything in it deleted.';

const copyLink = (
  <DownloadLink route="exportMyData" href={urlOf('exportMyData')}>
    download your data
  </DownloadLink>
);

/**
 * Once submitted the application is the office's record and the server refuses to close the
 * account (closeAccount, 409): the page says what stays and whom to ask, and offers no form.
 */
function SubmittedApplicant() {
  useEffect(() => {
    // The app's titles are by path (lib/title.ts); this page names itself, as the form's does.
    document.title = 'Close your account | Application';
  }, []);
  return (
    <div className="account-page close-account">
      <h1>Close your account</h1>
      <p>
        Your application has been submitted. Your submitted application stays with the admissions office: it is {institution.name}&apos;s record, with your
        answers, your documents, the recommendations sent for you and any decision. Closing your account here would delete none of it, so it is not offered on
        this page.
      </p>
      <p>
        To have your account and your application deleted, write to <a href={`mailto:${institution.helpEmail}`}>{institution.helpEmail}</a>: the office deletes
        both together. You can {copyLink} first.
      </p>
      <p>
        <Link to={paths.completion} className="button">
          Back to your application
        </Link>
      </p>
    </div>
  );
}

/**
 * Close my account: what will be deleted, in words; the password again and a confirmation; the
 * server's refusal (a wrong password) in the error summary; after success, the session is
 * forgotten and the page says so. A submitted application's page says what stays instead.
 */
export function CloseAccountPage() {
  const submitted = useSnapshot((s) => s.web_status === 'submitted');
  return submitted ? <SubmittedApplicant /> : <CloseAccountForm />;
}

function CloseAccountForm() {
  const queryClient = useQueryClient();
  const confirmId = useId();
  const [password, setPassword] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [local, setLocal] = useState<Record<string, string[]>>({});
  const [attempt, setAttempt] = useState(0);
  const close = useMutation({
    mutationFn: (body: { password: string }) => call('closeAccount', { body }),
    meta: { inlineErrors: true },
    onSuccess: () => forgetSession(queryClient),
  });

  const server = close.error instanceof ApiError ? close.error : undefined;
  const errors: Record<string, string[]> = { ...local, ...(server?.errors ?? {}) };
  const items: SummaryItem[] = [
    ...Object.entries(errors).flatMap(([field, messages]) => messages.map((message) => ({ field, message }))),
    ...(server && !server.errors ? [{ message: server.message }] : []),
  ];

  const problems = items.length > 0;
  useEffect(() => {
    // The app's titles are by path (lib/title.ts, in the first load); this page names itself.
    document.title = `${problems ? 'Error: ' : ''}${close.isSuccess ? 'Account closed' : 'Close your account'} | Application`;
  }, [problems, close.isSuccess]);

  if (close.isSuccess) {
    return (
      <div className="account-page account-closed" role="status">
        <h1 tabIndex={-1}>Your account has been closed</h1>
        <p>{close.data.message}</p>
        <p>
          You can <Link to={paths.signup}>create a new account</Link> with the same e-mail address at any time.
        </p>
      </div>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string[]> = {};
    if (!password) found.password = [CLOSE_ACCOUNT_TEXT.passwordMissing];
    if (!confirmed) found.confirm = [CONFIRM_MISSING];
    setLocal(found);
    setAttempt((n) => n + 1);
    close.reset();
    if (Object.keys(found).length === 0) close.mutate({ password });
  };

  return (
    <div className="account-page close-account">
      <h1>Close your account</h1>
      <ErrorSummary items={items} attempt={attempt + (close.isError ? 1000 : 0)} prefix={PREFIX} />
      <p>Closing your account deletes, for good:</p>
      <ul>
        <li>your account: you will no longer be able to sign in with it;</li>
        <li>every answer you saved in your application;</li>
        <li>every document you uploaded, and the PDFs made of them;</li>
        <li>the recommendations you asked for: their links stop working, and letters already sent are deleted;</li>
        <li>your sign-in history and your progress through the application.</li>
      </ul>
      <p>Nothing can be recovered afterwards. If you want a copy first, {copyLink}.</p>
      <form noValidate onSubmit={submit}>
        <div id={prefixedFieldId(PREFIX, 'password')}>
          <Field
            label="Your current password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onValue={setPassword}
            errors={errors.password}
          />
        </div>
        <div id={prefixedFieldId(PREFIX, 'confirm')} className={`field${errors.confirm ? ' field--error' : ''}`}>
          <ErrorList id={`${confirmId}-error`} errors={errors.confirm} />
          <label className="checkbox">
            <input
              type="checkbox"
              name="confirm"
              checked={confirmed}
              aria-invalid={errors.confirm ? true : undefined}
              aria-describedby={errors.confirm ? `${confirmId}-error` : undefined}
              onChange={(e) => setConfirmed(e.target.checked)}
            />{' '}
            I understand that my account and everything in it will be deleted and cannot be recovered.
          </label>
        </div>
        <p>
          <button type="submit" className="button button--primary" aria-disabled={close.isPending || undefined}>
            Close my account
          </button>{' '}
          <Link to={paths.about} className="button">
            Keep my account
          </Link>
        </p>
      </form>
    </div>
  );
}

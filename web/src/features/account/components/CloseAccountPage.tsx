import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { institution } from '#form/institution';
import { DownloadLink } from '#web/components/DownloadLink';
import { ErrorList } from '#web/components/ErrorList';
import { ErrorSummary, prefixedFieldId, type SummaryItem } from '#web/components/ErrorSummary';
import { Field } from '#web/components/fields';
import { ApiError, call, urlOf } from '#web/lib/api-client';
import { T, translate, useT } from '#web/lib/i18n';
import { forgetSession } from '#web/lib/logout';
import { paths } from '#web/lib/routes';
import { useSnapshot } from '#web/lib/session';

const PREFIX = 'close-account';
/** Read when shown, in the active language. */
export const confirmMissing = (): string => translate('account.closePage.confirmMissing');

/** The link inside "…you can <0>download your data</0> first": the catalog's words go inside it. */
const copyLink = (
  <DownloadLink route="exportMyData" href={urlOf('exportMyData')}>
    {null}
  </DownloadLink>
);

/**
 * Once submitted the application is the office's record and the server refuses to close the
 * account (closeAccount, 409): the page says what stays and whom to ask, and offers no form.
 */
function SubmittedApplicant() {
  const t = useT();
  useEffect(() => {
    // The app's titles are by path (lib/title.ts); this page names itself, as the form's does.
    document.title = t('shell.title', { page: t('account.closePage.title') });
  }, [t]);
  return (
    <div className="account-page close-account">
      <h1>{t('account.closePage.title')}</h1>
      <p>{t('account.closePage.submitted', { institution: institution.name })}</p>
      <p>
        <T
          id="account.closePage.submittedAsk"
          values={{ email: institution.helpEmail }}
          components={[<a href={`mailto:${institution.helpEmail}`}>{institution.helpEmail}</a>, copyLink]}
        />
      </p>
      <p>
        <Link to={paths.completion} className="button">
          {t('status.backToApplication')}
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
  const t = useT();
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
    const page = t(close.isSuccess ? 'account.closePage.closedTitle' : 'account.closePage.title');
    document.title = t(problems ? 'shell.titleError' : 'shell.title', { page });
  }, [problems, close.isSuccess, t]);

  if (close.isSuccess) {
    return (
      <div className="account-page account-closed" role="status">
        <h1 tabIndex={-1}>{t('account.closePage.closed')}</h1>
        <p>{close.data.message}</p>
        <p>
          <T id="account.closePage.newAccount" components={[<Link to={paths.signup} />]} />
        </p>
      </div>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string[]> = {};
    if (!password) found.password = [t('account.closePage.passwordMissing')];
    if (!confirmed) found.confirm = [confirmMissing()];
    setLocal(found);
    setAttempt((n) => n + 1);
    close.reset();
    if (Object.keys(found).length === 0) close.mutate({ password });
  };

  return (
    <div className="account-page close-account">
      <h1>{t('account.closePage.title')}</h1>
      <ErrorSummary items={items} attempt={attempt + (close.isError ? 1000 : 0)} prefix={PREFIX} />
      <p>{t('account.closePage.deletes')}</p>
      <ul>
        <li>{t('account.closePage.deletes.account')}</li>
        <li>{t('account.closePage.deletes.answers')}</li>
        <li>{t('account.closePage.deletes.documents')}</li>
        <li>{t('account.closePage.deletes.recommendations')}</li>
        <li>{t('account.closePage.deletes.history')}</li>
      </ul>
      <p>
        <T id="account.closePage.copyFirst" components={[copyLink]} />
      </p>
      <form noValidate onSubmit={submit}>
        <div id={prefixedFieldId(PREFIX, 'password')}>
          <Field
            label={t('account.closePage.password')}
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
            {t('account.closePage.understand')}
          </label>
        </div>
        <p>
          <button type="submit" className="button button--primary" aria-disabled={close.isPending || undefined}>
            {t('account.close')}
          </button>{' '}
          <Link to={paths.about} className="button">
            {t('account.closePage.keep')}
          </Link>
        </p>
      </form>
    </div>
  );
}

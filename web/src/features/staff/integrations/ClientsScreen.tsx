import { useState } from 'react';
import { SIS_SCOPE_WORDS, SIS_SCOPES } from '#form/wire/sis';
import type { SisClientMade, SisClientSummary, SisClientsReply } from '#form/wire/sis-clients';
import { ErrorList } from '#web/components/ErrorList';
import { ErrorSummary } from '#web/components/ErrorSummary';
import { Field } from '#web/components/fields';
import { isStaffSessionLost } from '../api/staff-api';
import { useSessionLost } from '../session/use-session-lost';
import { useStaffTitle } from '../shared/title';
import { useStaffForm, type Values } from '../shared/use-staff-form';
import { ClientsTable } from './ClientsTable';
import { IssuedSecret } from './IssuedSecret';
import { useAddSisClient, useRevokeSisClient } from './mutations';
import { chosenScopes, newClientSchema, scopeField } from './validation';

const FIELDS = ['name', 'scopes', 'expires'] as const;
const EMPTY: Values = { name: '', expires: '', ...Object.fromEntries(SIS_SCOPES.map((s) => [scopeField(s), ''])) };

function ScopeChoices({
  values,
  errors,
  id,
  onValue,
}: {
  values: Values;
  errors: string[] | undefined;
  id: string;
  onValue: (field: string, v: string) => void;
}) {
  const errorId = 'staff-sis-scopes-error';
  return (
    <fieldset id={id} className={`field${errors ? ' field--error' : ''}`} aria-describedby={errors ? errorId : undefined}>
      <legend>What may it do?</legend>
      <ErrorList id={errorId} errors={errors} />
      {SIS_SCOPES.map((s) => (
        <div className="choice" key={s}>
          <input
            id={`staff-sis-scope-${s}`}
            type="checkbox"
            name="scopes"
            value={s}
            checked={values[scopeField(s)] === 'yes'}
            onChange={(e) => onValue(scopeField(s), e.target.checked ? 'yes' : '')}
          />
          <label htmlFor={`staff-sis-scope-${s}`}>
            {SIS_SCOPE_WORDS[s]} <span className="field__hint">({s})</span>
          </label>
        </div>
      ))}
    </fieldset>
  );
}

/**
 * The student information system's machine clients: a new one (its secret shown once), the
 * clients with their scopes, expiry and last use, and a revocation behind a confirmation.
 */
export default function ClientsScreen({ reply }: { reply: SisClientsReply }) {
  const sessionLost = useSessionLost();
  const create = useAddSisClient();
  const revoke = useRevokeSisClient();
  const [made, setMade] = useState<SisClientMade | null>(null);
  const form = useStaffForm(newClientSchema, EMPTY, { fields: FIELDS, mutation: create });
  const { errors, edit, fieldId } = form;
  useStaffTitle('API clients', form.hasErrors);

  const submit = form.onSubmit((values) => {
    const expires = (values.expires ?? '').trim();
    form.send({ name: (values.name ?? '').trim(), scopes: chosenScopes(values), ...(expires ? { expires } : {}) }, (answer) => {
      setMade(answer);
      // A fresh form: the secret is in the panel below, nowhere in the form.
      form.reset(EMPTY);
    });
  });

  const revokeClient = (client: SisClientSummary, done: () => void) => {
    revoke.mutate(client.id, {
      onSettled: done,
      onError: (error) => {
        if (isStaffSessionLost(error)) sessionLost();
      },
    });
  };

  return (
    <>
      <h1>API clients</h1>
      <p>
        The student information system (Banner, PeopleSoft, Workday, Slate) reads submitted applications and writes decisions and received materials back
        through the API, as a client with its own secret. Give each system its own client with only the scopes it needs, and revoke a client you no longer use.
      </p>
      <p>
        Clients ask for tokens at <code className="staff-email">{reply.token_endpoint}</code>.
      </p>
      {made && <IssuedSecret key={made.client.id} made={made} />}
      <ErrorSummary {...form.summary} />
      <form noValidate onSubmit={submit} className="panel" aria-labelledby="staff-sis-form-title">
        <h2 id="staff-sis-form-title">New client</h2>
        <div className="staff-filters__grid">
          <div id={fieldId('name')}>
            <Field
              label="Name (letters, digits, dots, dashes)"
              name="name"
              value={form.values.name ?? ''}
              onValue={(v) => edit('name', v)}
              errors={errors.name}
              autoComplete="off"
            />
          </div>
          <div id={fieldId('expires')}>
            <Field
              label="Last day of use (optional)"
              name="expires"
              type="date"
              value={form.values.expires ?? ''}
              onValue={(v) => edit('expires', v)}
              errors={errors.expires}
            />
          </div>
        </div>
        <ScopeChoices values={form.values} errors={errors.scopes} id={fieldId('scopes')} onValue={edit} />
        <button type="submit" className="button button--primary" aria-disabled={create.isPending || undefined}>
          {create.isPending ? 'Please wait…' : 'Create client'}
        </button>
      </form>
      <ClientsTable
        clients={reply.clients}
        revoking={revoke.isPending ? revoke.variables : undefined}
        revoked={revoke.isSuccess ? reply.clients.find((c) => c.id === revoke.variables) : undefined}
        revokeError={revoke.error && !isStaffSessionLost(revoke.error) ? revoke.error.message : undefined}
        onRevoke={revokeClient}
      />
    </>
  );
}

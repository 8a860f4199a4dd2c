import { useState } from 'react';
import { STAFF_ROLES, type StaffRole } from '#form/wire/roles';
import { Dialog } from '#web/components/Dialog';
import { ErrorSummary } from '#web/components/ErrorSummary';
import { Field } from '#web/components/fields';
import { isStaffSessionLost, type StaffUserList, type StaffUserRow } from '../api/staff-api';
import { useSessionLost } from '../session/use-session-lost';
import { formatDateTime } from '../shared/format';
import { SelectField } from '../shared/SelectField';
import { StaffTable } from '../shared/StaffTable';
import { useStaffTitle } from '../shared/title';
import { useFocusOnOutcome, useStaffForm } from '../shared/use-staff-form';
import { useChangeStaffUserRole, useDeactivateStaffUser, useInviteStaffUser, useReactivateStaffUser } from './mutations';
import { inviteSchema } from './validation';

const ROLE_OPTIONS = STAFF_ROLES.map((r) => ({ value: r, label: r }));
const EMPTY = { email: '', role: 'reader' };

/** What the last change said: a success, or a refusal in the server's words; `n` counts them, so the same words twice take focus twice. */
type Outcome = { text: string; refused: boolean; n: number };

/** One row's role control: a select and its button, named for the row's user. */
function RoleChange({ row, busy, onChange }: { row: StaffUserRow; busy: boolean; onChange: (role: StaffRole) => void }) {
  const [role, setRole] = useState<StaffRole>(row.role ?? 'reader');
  const id = `staff-role-${row.email}`;
  return (
    <div className="staff-actions">
      <label htmlFor={id} className="visually-hidden">
        New role for {row.email}
      </label>
      <select id={id} value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
        {STAFF_ROLES.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </select>{' '}
      <button
        type="button"
        className="button button--small"
        aria-label={`Change role of ${row.email}`}
        aria-disabled={busy || role === row.role || undefined}
        onClick={() => !busy && role !== row.role && onChange(role)}
      >
        Change role
      </button>
    </div>
  );
}

/**
 * Staff (an admin's): the office's staff users with their role, authenticator, last sign-in and
 * whether they may sign in; an invitation form; each row's role, and deactivation or
 * reactivation after a confirmation. What each change did is announced and takes focus.
 */
export function StaffUsersScreen({ list, me }: { list: StaffUserList | undefined; me: string | undefined }) {
  const sessionLost = useSessionLost();
  const invite = useInviteStaffUser();
  const changeRole = useChangeStaffUserRole();
  const deactivate = useDeactivateStaffUser();
  const reactivate = useReactivateStaffUser();
  const form = useStaffForm(inviteSchema, EMPTY, { fields: ['email', 'role'], mutation: invite });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [confirming, setConfirming] = useState<{ row: StaffUserRow; action: 'deactivate' | 'reactivate' } | null>(null);
  const outcomeRef = useFocusOnOutcome<HTMLParagraphElement>(outcome?.n);
  useStaffTitle('Staff', form.hasErrors);

  const say = (text: string, refusal: boolean) => setOutcome((o) => ({ text, refused: refusal, n: (o?.n ?? 0) + 1 }));
  const done = (data: { message: string }) => say(data.message, false);
  const refused = (error: Error) => (isStaffSessionLost(error) ? sessionLost() : say(error.message, true));
  const busy = changeRole.isPending || deactivate.isPending || reactivate.isPending;

  const submit = form.onSubmit((v) =>
    form.send({ email: (v.email ?? '').trim(), role: v.role as StaffRole }, (data) => {
      form.reset(EMPTY);
      done(data);
    }),
  );
  const confirm = () => {
    if (!confirming || busy) return;
    const { row, action } = confirming;
    const mutation = action === 'deactivate' ? deactivate : reactivate;
    mutation.mutate(row.email, { onSuccess: done, onError: refused, onSettled: () => setConfirming(null) });
  };
  const items = list?.items ?? [];
  return (
    <>
      <h1>Staff</h1>
      <p>
        The people who use this console. Invite a colleague in a role, change a role (it applies from their next sign-in, or within 15 minutes), or deactivate
        someone who has left: they cannot sign in, and any session of theirs ends within a minute. The office always keeps an active admin.
      </p>
      <p ref={outcomeRef} tabIndex={-1} role="status" className={outcome?.refused ? 'staff-warning' : undefined}>
        {outcome?.text ?? ''}
      </p>
      <ErrorSummary {...form.summary} />
      <form noValidate onSubmit={submit} className="panel" aria-labelledby="staff-invite-title">
        <h2 id="staff-invite-title">Invite a colleague</h2>
        <p className="field__hint">They receive an e-mail with a temporary password, and set up an authenticator app when they first sign in.</p>
        <div className="staff-filters__grid">
          <div id={form.fieldId('email')}>
            <Field
              label="E-mail address"
              name="email"
              type="email"
              autoComplete="off"
              value={form.values.email ?? ''}
              onValue={(v) => form.edit('email', v)}
              errors={form.errors.email}
            />
          </div>
          <div id={form.fieldId('role')}>
            <SelectField
              label="Role"
              name="role"
              value={form.values.role}
              onValue={(v) => form.edit('role', v)}
              options={ROLE_OPTIONS}
              errors={form.errors.role}
            />
          </div>
        </div>
        <button type="submit" className="button button--primary" aria-disabled={invite.isPending || undefined}>
          {invite.isPending ? 'Please wait…' : 'Send the invitation'}
        </button>
      </form>
      <section aria-labelledby="staff-users-title">
        <h2 id="staff-users-title">Staff users</h2>
        {items.length === 0 ? (
          <p>No staff users yet.</p>
        ) : (
          <StaffTable label="Staff users, by e-mail" columns={['E-mail', 'Role', 'Authenticator', 'Last sign-in', 'Status', 'Change role', 'Access']}>
            {items.map((row) => (
              <tr key={row.email}>
                <td className="staff-email">{row.email}</td>
                <td>{row.role ?? 'No role (no access)'}</td>
                <td>{row.mfa ? 'Set up' : 'Not set up'}</td>
                <td>{row.last_sign_in ? formatDateTime(row.last_sign_in) : 'Never'}</td>
                <td>{row.active ? (row.invited ? 'Invited' : 'Active') : 'Deactivated'}</td>
                <td>
                  <RoleChange
                    key={row.role}
                    row={row}
                    busy={busy}
                    onChange={(role) => changeRole.mutate({ email: row.email, role }, { onSuccess: done, onError: refused })}
                  />
                </td>
                <td>
                  {row.email === me ? (
                    'You'
                  ) : (
                    <button
                      type="button"
                      className="button button--small"
                      aria-label={`${row.active ? 'Deactivate' : 'Reactivate'} ${row.email}`}
                      onClick={() => setConfirming({ row, action: row.active ? 'deactivate' : 'reactivate' })}
                    >
                      {row.active ? 'Deactivate' : 'Reactivate'}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </StaffTable>
        )}
      </section>
      <Dialog
        open={confirming !== null}
        title={confirming ? `${confirming.action === 'deactivate' ? 'Deactivate' : 'Reactivate'} ${confirming.row.email}?` : ''}
        onClose={() => setConfirming(null)}
        size="s"
      >
        <p>
          {confirming?.action === 'deactivate'
            ? 'They will not be able to sign in, and any session of theirs ends within a minute. You can reactivate them later.'
            : 'They will be able to sign in again, with their password and authenticator app.'}
        </p>
        <p className="staff-actions">
          <button type="button" className="button button--primary" aria-disabled={busy || undefined} onClick={confirm}>
            {busy ? 'Please wait…' : confirming?.action === 'deactivate' ? 'Deactivate' : 'Reactivate'}
          </button>{' '}
          <button type="button" className="button" onClick={() => setConfirming(null)}>
            Cancel
          </button>
        </p>
      </Dialog>
    </>
  );
}

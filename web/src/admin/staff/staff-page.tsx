import { useState, type FormEvent } from 'react';
import { PERMISSIONS, ROLE_PERMISSIONS, STAFF_ROLES, type StaffRole } from '../../../../libs/domain/src/admin/staff-permissions';
import { errorMessage } from '../shared/error-text';
import { useToast } from '../../lib/toast';
import { sessionUsername } from '../auth/admin-session';
import { Field } from '../shared/field';
import { btnPrimary, btnSecondary, card, errorPanel, input, pageTitle, td, th } from '../shared/styles';
import {
  useChangeStaffRoleMutation,
  useCreateStaffMemberMutation,
  useDisableStaffMemberMutation,
  useEnableStaffMemberMutation,
  useGetStaffQuery,
  useResetStaffPasswordMutation,
  useResetStaffTwoFactorMutation,
} from './staff-api';

/** The owner's staff accounts: create with a one-time password, change role, disable or enable, reset the password. */
export function StaffPage() {
  const { data: staff, isError } = useGetStaffQuery();
  const [create, creating] = useCreateStaffMemberMutation();
  const [changeRole] = useChangeStaffRoleMutation();
  const [disable] = useDisableStaffMemberMutation();
  const [enable] = useEnableStaffMemberMutation();
  const [reset] = useResetStaffPasswordMutation();
  const [resetTwoFactor] = useResetStaffTwoFactorMutation();
  const toast = useToast();
  const me = sessionUsername();
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<StaffRole>('agent');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);

  const attempt = async (what: string, run: () => Promise<unknown>) => {
    try {
      await run();
      toast.success(what);
      return true;
    } catch (error) {
      toast.error('Error', errorMessage(error, `${what} failed`));
      return false;
    }
  };

  const onCreate = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      await create({ username: username.trim(), role, password }).unwrap();
      toast.success(`Created ${username.trim()}: give them the one-time password`);
      setUsername('');
      setPassword('');
    } catch (error) {
      setFailure(errorMessage(error, 'Could not create the staff member'));
    }
  };

  // A lost phone: the member's factor goes and their sessions end; they set it up again at the next sign-in.
  const onResetTwoFactor = (name: string) => {
    if (window.confirm(`Remove the two-factor sign-in of ${name}? Their sessions end, and they set it up again at the next sign-in.`)) {
      void attempt(`Two-factor sign-in of ${name} reset`, () => resetTwoFactor(name).unwrap());
    }
  };

  const onReset = (name: string) => {
    const next = window.prompt(`New one-time password for ${name} (at least 8 characters)`);
    if (next) void attempt(`Password of ${name} reset`, () => reset({ username: name, resetStaffPasswordDto: { password: next } }).unwrap());
  };

  return (
    <div className="space-y-5">
      <h1 className={pageTitle}>Staff</h1>
      {isError && <div className={errorPanel}>Failed to load the staff list</div>}
      <form onSubmit={onCreate} noValidate className={`${card} grid max-w-3xl gap-3 sm:grid-cols-4 sm:items-end`} aria-label="New staff member">
        <Field id="staff-username" label="Username">
          <input id="staff-username" className={input} value={username} autoComplete="off" onChange={(e) => setUsername(e.target.value)} />
        </Field>
        <Field id="staff-role" label="Role">
          <select id="staff-role" className={input} value={role} onChange={(e) => setRole(e.target.value as StaffRole)}>
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </Field>
        <Field id="staff-password" label="One-time password">
          <input id="staff-password" type="text" className={input} value={password} autoComplete="off" onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <button type="submit" className={btnPrimary} disabled={creating.isLoading}>
          {creating.isLoading ? 'Creating...' : 'Create'}
        </button>
        {failure && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 sm:col-span-4">
            {failure}
          </p>
        )}
      </form>
      <div className={`${card} overflow-x-auto`}>
        <table className="min-w-full">
          <thead>
            <tr>
              <th className={th}>Username</th>
              <th className={th}>Role</th>
              <th className={th}>Status</th>
              <th className={th}>Created by</th>
              <th className={th}>Actions</th>
            </tr>
          </thead>
          <tbody>
            {(staff ?? []).map((member) => {
              const self = member.username === me;
              return (
                <tr key={member.username} className="border-t border-gray-100">
                  <td className={td}>{member.username}</td>
                  <td className={td}>
                    <select
                      aria-label={`Role of ${member.username}`}
                      className={input}
                      value={member.role}
                      disabled={self}
                      onChange={(e) => void attempt(`Role of ${member.username} changed`, () => changeRole({ username: member.username, changeStaffRoleDto: { role: e.target.value as StaffRole } }).unwrap())}
                    >
                      {STAFF_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {r}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className={td}>{member.disabled ? 'Disabled' : member.mustChangePassword ? 'One-time password' : 'Active'}</td>
                  <td className={td}>{member.createdBy ?? '—'}</td>
                  <td className={`${td} space-x-2 whitespace-nowrap`}>
                    {!self && (
                      <>
                        <button
                          type="button"
                          className={btnSecondary}
                          onClick={() =>
                            void attempt(member.disabled ? `${member.username} enabled` : `${member.username} disabled`, () =>
                              (member.disabled ? enable(member.username) : disable(member.username)).unwrap(),
                            )
                          }
                        >
                          {member.disabled ? 'Enable' : 'Disable'}
                        </button>
                        <button type="button" className={btnSecondary} onClick={() => onReset(member.username)}>
                          Reset password
                        </button>
                        <button type="button" className={btnSecondary} onClick={() => onResetTwoFactor(member.username)}>
                          Reset two-factor
                        </button>
                      </>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <details className={card}>
        <summary className="cursor-pointer text-sm font-semibold">What each role may do</summary>
        <ul className="mt-2 space-y-1 text-sm text-gray-700">
          {STAFF_ROLES.map((r) => (
            <li key={r}>
              <strong>{r}</strong>: {[...ROLE_PERMISSIONS[r]].map((p) => PERMISSIONS[p]).join('; ')}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}

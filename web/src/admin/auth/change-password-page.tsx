import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../shared/error-text';
import { useToast } from '../../lib/toast';
import { homeFor } from '../layout/admin-nav';
import { Field } from '../shared/field';
import { btnPrimary, card, input, pageTitle } from '../shared/styles';
import { markTwoFactorPending, sessionStaffRole, storeSession } from './admin-session';
import { useChangePasswordMutation } from './auth-api';

const MIN_LENGTH = 8;

/** One's own password; the first stop after signing in with a one-time password. */
export function ChangePasswordPage() {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [change, { isLoading }] = useChangePasswordMutation();
  const toast = useToast();
  const navigate = useNavigate();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!currentPassword) return setFailure('Current password is required');
    if (newPassword.length < MIN_LENGTH) return setFailure(`New password must be at least ${MIN_LENGTH} characters`);
    if (newPassword === currentPassword) return setFailure('New password must differ from the current one');
    setFailure(null);
    try {
      const answer = await change({ currentPassword, newPassword }).unwrap();
      // Every other session ended with the change; this one goes on with the token of the new one.
      if (answer.token) storeSession(answer.token);
      markTwoFactorPending(answer.mustEnrolTwoFactor === true);
      toast.success('Password changed');
      // A role that must use a second factor sets it up next, before anything else.
      navigate(answer.mustEnrolTwoFactor ? '/admin/two-factor' : homeFor(sessionStaffRole()), { replace: true });
    } catch (error) {
      setFailure(errorMessage(error, 'Could not change the password'));
    }
  };

  return (
    <div className="space-y-5">
      <h1 className={pageTitle}>Change Password</h1>
      <form onSubmit={onSubmit} noValidate className={`${card} max-w-md space-y-3`}>
        <Field id="current-password" label="Current password">
          <input id="current-password" type="password" autoComplete="current-password" className={input} value={currentPassword} onChange={(e) => setCurrent(e.target.value)} />
        </Field>
        <Field id="new-password" label="New password">
          <input id="new-password" type="password" autoComplete="new-password" className={input} value={newPassword} onChange={(e) => setNew(e.target.value)} />
        </Field>
        {failure && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {failure}
          </p>
        )}
        <button type="submit" className={btnPrimary} disabled={isLoading}>
          {isLoading ? 'Saving...' : 'Change password'}
        </button>
      </form>
    </div>
  );
}

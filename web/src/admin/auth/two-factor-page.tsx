import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { TwoFactorEnrolmentDto } from '../../api/generated-admin';
import { errorMessage } from '../shared/error-text';
import { useToast } from '../../lib/toast';
import { homeFor } from '../layout/admin-nav';
import { Field } from '../shared/field';
import { btnPrimary, card, errorPanel, input, pageTitle } from '../shared/styles';
import { markTwoFactorPending, sessionStaffRole } from './admin-session';
import { useBeginTwoFactorSetupMutation, useConfirmTwoFactorSetupMutation, useGetTwoFactorStatusQuery } from './auth-api';

/**
 * One's own second factor: set-up shows the QR code and the secret, a code from the app confirms
 * it, and the ten recovery codes are shown this once. The first stop after signing in when the
 * role must use one.
 */
export function TwoFactorPage() {
  const { data: status, isError } = useGetTwoFactorStatusQuery();
  const [begin, beginning] = useBeginTwoFactorSetupMutation();
  const [confirm, confirming] = useConfirmTwoFactorSetupMutation();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolmentDto | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const toast = useToast();
  const navigate = useNavigate();

  // Set up meanwhile (another tab, another device): nothing is pending any more.
  useEffect(() => {
    if (status?.enrolled) markTwoFactorPending(false);
  }, [status?.enrolled]);

  const onBegin = async () => {
    setFailure(null);
    try {
      setEnrolment(await begin().unwrap());
    } catch (error) {
      setFailure(errorMessage(error, 'Could not start the set-up'));
    }
  };

  const onConfirm = async (event: FormEvent) => {
    event.preventDefault();
    const given = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(given)) return setFailure('Code must be the 6 digits your authenticator app shows');
    setFailure(null);
    try {
      const answer = await confirm({ code: given }).unwrap();
      setRecoveryCodes(answer.recoveryCodes);
      markTwoFactorPending(false);
      setEnrolment(null);
      toast.success('Two-factor sign-in is on');
    } catch (error) {
      setFailure(errorMessage(error, 'Could not confirm the code'));
    }
  };

  return (
    <div className="space-y-5">
      <h1 className={pageTitle}>Two-Factor Sign-In</h1>
      {isError && <p className={errorPanel}>Could not load your two-factor settings.</p>}
      {failure && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      )}
      {recoveryCodes ? (
        <section className={`${card} max-w-md space-y-3`} aria-labelledby="recovery-title">
          <h2 id="recovery-title" className="text-lg font-semibold">
            Your recovery codes
          </h2>
          <p className="text-sm text-gray-700">
            Keep these somewhere safe. Each signs you in once if you lose your phone. They are shown only now.
          </p>
          <ol className="grid grid-cols-2 gap-2 font-mono text-sm" data-testid="recovery-codes">
            {recoveryCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ol>
          <button type="button" className={btnPrimary} onClick={() => navigate(homeFor(sessionStaffRole()), { replace: true })}>
            I have saved them
          </button>
        </section>
      ) : status?.enrolled ? (
        <section className={`${card} max-w-md space-y-2`}>
          <p className="text-sm text-gray-800">
            Two-factor sign-in is on: every sign-in asks for a code from your authenticator app. Recovery codes left: {status.recoveryCodesLeft}.
          </p>
          <p className="text-sm text-gray-600">Lost your phone? Ask the shop owner to reset it, then set it up again.</p>
        </section>
      ) : enrolment ? (
        <form onSubmit={onConfirm} noValidate className={`${card} max-w-md space-y-3`}>
          <p className="text-sm text-gray-700">Scan this code with your authenticator app, or type the secret into it, then enter the code it shows.</p>
          <img src={`data:image/svg+xml;base64,${btoa(enrolment.qrSvg)}`} alt="QR code for your authenticator app" width={200} height={200} />
          <p className="text-sm">
            Secret: <code className="break-all font-mono" data-testid="two-factor-secret">{enrolment.secret}</code>
          </p>
          <Field id="two-factor-code" label="Code from the app">
            <input id="two-factor-code" autoComplete="one-time-code" inputMode="numeric" className={input} value={code} onChange={(e) => setCode(e.target.value)} />
          </Field>
          <button type="submit" className={btnPrimary} disabled={confirming.isLoading}>
            {confirming.isLoading ? 'Checking...' : 'Turn on'}
          </button>
        </form>
      ) : (
        <section className={`${card} max-w-md space-y-3`}>
          <p className="text-sm text-gray-800">
            {status?.required ? 'Your role must sign in with a second factor: set it up before anything else.' : 'Add a code from an authenticator app to every sign-in.'}
          </p>
          <button type="button" className={btnPrimary} onClick={onBegin} disabled={beginning.isLoading || !status}>
            Set up two-factor sign-in
          </button>
        </section>
      )}
    </div>
  );
}

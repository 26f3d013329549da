// /reset-password?oobCode={code} (docs/product.md §2, §5, §8). The code is checked before the form shows
// (accounts:resetPassword with the code alone does not use it up): a dead one (expired, used, unknown or
// missing) says so and offers to send a new link instead of the form. A failed reset shows an error dialog
// explaining why (docs/product.md §8 leaves it unhandled).
import { isValidEmailEntry, texts } from '@handoff/core';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { AuthWarning } from '@/components/layouts/auth-warning';
import { TextField } from '@/components/ui/form-field';
import { ProgressBar } from '@/components/ui/progress-bar';
import { ResultDialog, useResultDialog } from '@/components/ui/result-dialog';
import { paths } from '@/config/paths';
import { useServices } from '@/lib/services';
import { identityErrorCode, resetPasswordErrorText } from '../api/password-reset';
import { verifyPasswordResetCode } from '../api/reset-code';
import { EMPTY_NEW_PASSWORD, NewPasswordFields } from './new-password-fields';
import { SubmitButton } from './submit-button';

/** The provider's answers for a code that will never work; any other failure (offline) shows the form. */
const DEAD_CODES = new Set(['INVALID_OOB_CODE', 'EXPIRED_OOB_CODE', 'MISSING_OOB_CODE']);
const DEAD_LINK_TEXT = 'This link has expired or was already used.';

type CodeState = { state: 'checking' } | { state: 'valid'; email: string } | { state: 'dead' };

export function ResetPassword({ oobCode }: { oobCode: string | null }) {
  const { config } = useServices();
  const [code, setCode] = useState<CodeState>(oobCode ? { state: 'checking' } : { state: 'dead' });

  useEffect(() => {
    if (!oobCode) return;
    let live = true;
    verifyPasswordResetCode(config, oobCode).then(
      (email) => live && setCode({ state: 'valid', email }),
      // identityCall rejects with the provider's code as the message.
      (error: Error) =>
        live && setCode(DEAD_CODES.has(error.message) ? { state: 'dead' } : { state: 'valid', email: '' }),
    );
    return () => {
      live = false;
    };
  }, [config, oobCode]);

  if (code.state === 'dead') {
    return (
      <AuthLayout title="Reset link no longer valid">
        <AuthWarning>{DEAD_LINK_TEXT}</AuthWarning>
        <RequestNewLink />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Reset Password"
      subtitle={
        code.state === 'valid' && code.email
          ? `Choose a new password for ${code.email}.`
          : 'Choose a new password for your account.'
      }
    >
      {code.state === 'checking' ? (
        <ProgressBar label="Checking the link" />
      ) : (
        <ResetPasswordForm oobCode={oobCode as string} />
      )}
    </AuthLayout>
  );
}

function ResetPasswordForm({ oobCode }: { oobCode: string }) {
  const [newPassword, setNewPassword] = useState(EMPTY_NEW_PASSWORD);
  const { password, confirmPassword } = newPassword;
  const [busy, setBusy] = useState(false);
  const { identity } = useServices();
  const dialog = useResultDialog();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (password !== confirmPassword) {
      dialog.show(texts.resetPassword.passwordMismatch, 'error');
      return;
    }
    setBusy(true);
    try {
      await identity.confirmPasswordReset(oobCode, password);
      dialog.show(texts.resetPassword.success, 'success', paths.auth.login);
    } catch (error) {
      dialog.show(resetPasswordErrorText(error), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form className="auth-form" onSubmit={onSubmit}>
        <NewPasswordFields confirmLabel="Confirm Password" value={newPassword} onChange={setNewPassword} />
        <SubmitButton busy={busy}>Reset Password</SubmitButton>
      </form>
      <ResultDialog control={dialog} />
    </>
  );
}

/** In place of a dead link's form: the address to send a new reset link to. */
function RequestNewLink() {
  const { identity } = useServices();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const dialog = useResultDialog();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (busy) return;
    if (!isValidEmailEntry(address)) {
      dialog.show(texts.forgotPassword.emptyEmail, 'error');
      return;
    }
    setBusy(true);
    try {
      await identity.sendPasswordResetEmail(address);
      dialog.show(texts.forgotPassword.success, 'success', paths.auth.login);
    } catch (error) {
      const code = identityErrorCode(error);
      dialog.show(
        code === 'EMAIL_NOT_FOUND'
          ? 'No account uses this address.'
          : `The link could not be sent (${code}). Please try again.`,
        'error',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <p>Enter the e-mail address of your account and we will send you a new link.</p>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <SubmitButton busy={busy}>Send a new link</SubmitButton>
      </form>
      <p className="auth-card__footer">
        <Link to={paths.auth.login}>Back to login</Link>
      </p>
      <ResultDialog control={dialog} />
    </>
  );
}

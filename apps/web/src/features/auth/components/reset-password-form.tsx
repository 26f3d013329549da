// /reset-password?oobCode={code} (docs/product.md §2, §5, §8). A failed reset shows an error dialog explaining why
// (docs/product.md §8 leaves it unhandled).
import { texts } from '@handoff/core';
import { type FormEvent, useState } from 'react';
import { ResultDialog, useResultDialog } from '@/components/ui/result-dialog';
import { paths } from '@/config/paths';
import { IdentityError } from '@/lib/identity-client';
import { useServices } from '@/lib/services';
import { resetPasswordErrorText } from '../api/password-reset';
import { EMPTY_NEW_PASSWORD, NewPasswordFields } from './new-password-fields';
import { SubmitButton } from './submit-button';

export function ResetPasswordForm({ oobCode }: { oobCode: string | null }) {
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
    if (!oobCode) {
      dialog.show(resetPasswordErrorText(new IdentityError('MISSING_OOB_CODE', 400)), 'error');
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

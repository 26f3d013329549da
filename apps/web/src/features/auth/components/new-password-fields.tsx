// A new password typed twice (register, reset password): "Password" and its confirmation, each with its
// own show/hide toggle.
import type { Dispatch, SetStateAction } from 'react';
import { PasswordField } from '@/components/ui/form-field';

interface NewPassword {
  password: string;
  confirmPassword: string;
}

export const EMPTY_NEW_PASSWORD: NewPassword = { password: '', confirmPassword: '' };

export function NewPasswordFields({
  confirmLabel,
  value,
  onChange,
}: {
  /** The confirmation field's label (the screens spell it differently). */
  confirmLabel: string;
  value: NewPassword;
  onChange: Dispatch<SetStateAction<NewPassword>>;
}) {
  return (
    <>
      <PasswordField
        label="Password"
        hint="At least 6 characters."
        name="password"
        autoComplete="new-password"
        required
        value={value.password}
        onChange={(e) => {
          const password = e.target.value;
          onChange((current) => ({ ...current, password }));
        }}
      />
      <PasswordField
        label={confirmLabel}
        name="confirmPassword"
        autoComplete="new-password"
        required
        value={value.confirmPassword}
        onChange={(e) => {
          const confirmPassword = e.target.value;
          onChange((current) => ({ ...current, confirmPassword }));
        }}
      />
    </>
  );
}

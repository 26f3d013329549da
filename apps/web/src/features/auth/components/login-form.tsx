// /auth/login (docs/product.md §2, §4, §8). "Forgot Password?" uses the e-mail typed in this form's Email field.
import { isValidEmailEntry, texts } from '@handoff/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BusyButton } from '@/components/ui/busy-button';
import { PasswordField, TextField } from '@/components/ui/form-field';
import { ResultDialog, useResultDialog } from '@/components/ui/result-dialog';
import { paths } from '@/config/paths';
import { takePendingJoin } from '@/lib/pending-join';
import { useServices } from '@/lib/services';
import { useAppState } from '@/stores/app-store';
import { identityErrorCode } from '../api/password-reset';
import { useSignIn } from '../api/sign-in';
import { SubmitButton } from './submit-button';

export function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sendingReset, setSendingReset] = useState(false);
  const { authLoading } = useAppState();
  const { identity } = useServices();
  const signIn = useSignIn();
  const navigate = useNavigate();
  const dialog = useResultDialog();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (authLoading) return;
    if (await signIn(email.trim(), password)) {
      navigate(takePendingJoin() ?? paths.admin.index, { replace: true });
    } else {
      dialog.show(texts.login.failed, 'error');
    }
  };

  const onForgotPassword = async () => {
    const address = email.trim();
    if (!isValidEmailEntry(address)) {
      dialog.show(texts.forgotPassword.emptyEmail, 'error');
      return;
    }
    setSendingReset(true);
    try {
      await identity.sendPasswordResetEmail(address);
      dialog.show(texts.forgotPassword.success, 'success');
    } catch (error) {
      window.alert(identityErrorCode(error));
    } finally {
      setSendingReset(false);
    }
  };

  return (
    <>
      <form className="auth-form" onSubmit={onSubmit}>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="auth-form__aside">
          <BusyButton className="link-button" busy={sendingReset} spinner={false} onClick={onForgotPassword}>
            Forgot Password?
          </BusyButton>
        </div>
        <SubmitButton busy={authLoading}>Login</SubmitButton>
      </form>
      <p className="auth-card__footer">
        <Link to={paths.auth.register}>Don't have an account?</Link>
      </p>
      <ResultDialog control={dialog} />
    </>
  );
}

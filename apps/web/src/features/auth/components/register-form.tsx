// /auth/register (docs/product.md §2, §4, §5, §8). No e-mail format or length checks here: the server answers.
import { texts } from '@handoff/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { TextField } from '@/components/ui/form-field';
import { ResultDialog, useResultDialog } from '@/components/ui/result-dialog';
import { paths } from '@/config/paths';
import { useServices } from '@/lib/services';
import { useAppState } from '@/stores/app-store';
import { useRegister } from '../api/register';
import { EMPTY_NEW_PASSWORD, NewPasswordFields } from './new-password-fields';
import { SubmitButton } from './submit-button';
import './register-form.css';

export function RegisterForm() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [newPassword, setNewPassword] = useState(EMPTY_NEW_PASSWORD);
  const { password, confirmPassword } = newPassword;
  const [apikey, setApikey] = useState('');
  const { authLoading } = useAppState();
  const register = useRegister();
  const dialog = useResultDialog();
  const { config } = useServices();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (authLoading) return;
    if (password !== confirmPassword) {
      dialog.show(texts.registration.passwordMismatch, 'error');
      return;
    }
    const outcome = await register({
      email: email.trim(),
      password,
      apikey: apikey.trim(),
      name: name.trim(),
    });
    if (outcome.ok) dialog.show(outcome.message, 'success', paths.auth.login);
    else dialog.show(outcome.message, 'error');
  };

  return (
    <>
      {config.inviteOnly ? (
        <div className="auth-form__notice" role="note">
          <p>
            <strong>Registration is by invitation only.</strong>
          </p>
          <p>
            Ask an owner of your team’s Handoff workspace to invite you, then register here with the address
            the invitation was sent to.
          </p>
        </div>
      ) : null}
      <form className="auth-form" onSubmit={onSubmit}>
        {/* Optional: shown to the team and to clients instead of the address. */}
        <TextField
          label="Your name (optional)"
          name="name"
          autoComplete="name"
          maxLength={80}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <TextField
          label="Email"
          name="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          autoCapitalize="none"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <NewPasswordFields confirmLabel="Confirm password" value={newPassword} onChange={setNewPassword} />
        <div className="register-key">
          <TextField
            label="API Key"
            hint="Your Jira, GitHub or Linear API token."
            name="apikey"
            autoComplete="off"
            spellCheck={false}
            required
            value={apikey}
            onChange={(e) => setApikey(e.target.value)}
          />
          <TokenHelp />
        </div>
        <SubmitButton busy={authLoading} spinner>
          Register
        </SubmitButton>
      </form>
      <p className="auth-card__footer">
        <span>Already have an account?</span> <Link to={paths.auth.login}>Login</Link>
      </p>
      <ResultDialog control={dialog} />
    </>
  );
}

/** Where each tracker keeps the token, closed until asked for (a native disclosure: no script of its own). */
function TokenHelp() {
  return (
    <details className="register-key__help">
      <summary>Where do I find it?</summary>
      <dl>
        <dt>Jira Cloud</dt>
        <dd>Atlassian account settings → Security → API tokens</dd>
        <dt>Jira Data Center</dt>
        <dd>Profile → Personal Access Tokens</dd>
        <dt>GitHub</dt>
        <dd>Settings → Developer settings → Personal access tokens</dd>
        <dt>Linear</dt>
        <dd>Settings → Security &amp; access → Personal API keys</dd>
      </dl>
    </details>
  );
}

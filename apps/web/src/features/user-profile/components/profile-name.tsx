// The profile's account panel: the name the user goes by (shown instead of their address to the team, and to
// clients on their review page), saved with its own button (enabled once the name changed; "Saved ✓" beside
// it for 2 s after), and the e-mail address they sign in with, stacked under its label as the name is.
import { type FormEvent, useEffect, useState } from 'react';
import { TextField } from '@/components/ui/form-field';
import type { ResultDialogControl } from '@/components/ui/result-dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { useServices } from '@/lib/services';
import { useAppDispatch, useAppState } from '@/stores/app-store';
import { updateName } from '../api/update-name';
import './profile.css';

const MAX_NAME = 80;
/** How long "Saved ✓" shows after the name was saved. */
const SAVED_MS = 2000;

export function ProfileName({ dialog }: { dialog: ResultDialogControl }) {
  const { api } = useServices();
  const { user } = useAppState();
  const dispatch = useAppDispatch();
  const saved = user?.name ?? '';
  const [name, setName] = useState(saved);
  const [busy, setBusy] = useState(false);
  const [justSaved, setJustSaved] = useState(false);
  useEffect(() => setName(saved), [saved]);
  useEffect(() => {
    if (!justSaved) return;
    const timer = window.setTimeout(() => setJustSaved(false), SAVED_MS);
    return () => window.clearTimeout(timer);
  }, [justSaved]);
  const unchanged = name.trim() === saved;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!user || busy || unchanged) return;
    setBusy(true);
    try {
      const answer = await updateName(api, name.trim());
      dispatch({ type: 'SET_USER', user: { ...user, name: answer.data.name } });
      setJustSaved(true);
    } catch (error) {
      if (!isSessionEnded(error)) dialog.show(errorMessage(error), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="panel profile-account">
      <form className="profile-account__name" onSubmit={onSubmit} noValidate>
        <TextField
          label="Name"
          hint="Your team and your clients see it instead of your e-mail address."
          name="displayName"
          autoComplete="name"
          maxLength={MAX_NAME}
          placeholder="e.g. Dana Reyes"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <span className="profile-account__save">
          <button
            type="submit"
            className="button button--outline"
            disabled={busy || unchanged}
            aria-busy={busy}
          >
            {busy ? <Spinner /> : null}
            Save name
          </button>
          <span className="profile-account__saved" role="status">
            {justSaved ? 'Saved ✓' : ''}
          </span>
        </span>
      </form>
      <div className="profile-account__email">
        <dl>
          <dt className="field__label">Email</dt>
          <dd>{user?.email}</dd>
        </dl>
        <p className="field__hint">Used to sign in. Contact an owner to change it.</p>
      </div>
    </div>
  );
}

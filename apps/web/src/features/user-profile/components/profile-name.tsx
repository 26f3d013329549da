// The profile's account panel: the name the user goes by (shown instead of their address to the team, and to
// clients on their review page), saved with its own button, and the e-mail address they sign in with.
import { type FormEvent, useEffect, useState } from 'react';
import { BusyButton } from '@/components/ui/busy-button';
import { TextField } from '@/components/ui/form-field';
import type { ResultDialogControl } from '@/components/ui/result-dialog';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { useServices } from '@/lib/services';
import { useAppDispatch, useAppState } from '@/stores/app-store';
import { updateName } from '../api/update-name';

const MAX_NAME = 80;

export function ProfileName({ dialog }: { dialog: ResultDialogControl }) {
  const { api } = useServices();
  const { user } = useAppState();
  const dispatch = useAppDispatch();
  const saved = user?.name ?? '';
  const [name, setName] = useState(saved);
  const [busy, setBusy] = useState(false);
  useEffect(() => setName(saved), [saved]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!user || busy) return;
    setBusy(true);
    try {
      const answer = await updateName(api, name.trim());
      dispatch({ type: 'SET_USER', user: { ...user, name: answer.data.name } });
      dialog.show(answer.message, 'success');
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
        <BusyButton type="submit" busy={busy} className="button button--outline">
          Save name
        </BusyButton>
      </form>
      <dl className="details profile-account__email">
        <dt>Email</dt>
        <dd>{user?.email}</dd>
      </dl>
    </div>
  );
}

// /admin/user-profile (docs/product.md §2: content not shown). The signed-in e-mail, and the Jira API token: once one
// is stored, `Token saved` with `Replace`, which opens the form to replace it; the server saves it only if Jira
// accepts it. Success shows the success dialog and updates the user
// in client state; a refusal shows the server's message in the error dialog.
import { type FormEvent, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { BusyButton } from '@/components/ui/busy-button';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/form-field';
import { ResultDialog, useResultDialog } from '@/components/ui/result-dialog';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { useServices } from '@/lib/services';
import { useAppDispatch, useAppState } from '@/stores/app-store';
import { updateApiKey } from '../api/update-api-key';
import { SiteCredentials } from './site-credentials';

/** Atlassian's page for creating API tokens. */
const ATLASSIAN_TOKENS_URL = 'https://id.atlassian.com/manage-profile/security/api-tokens';
const EMPTY_TOKEN_MESSAGE = 'Please enter your Jira API token.';
const TOKEN_SAVED_MESSAGE = 'Your Jira API token has been updated.';

export function UserProfile() {
  const { api } = useServices();
  const { user } = useAppState();
  const dispatch = useAppDispatch();
  const dialog = useResultDialog();
  const [token, setToken] = useState('');
  const [saving, setSaving] = useState(false);
  // The form shows when no token is stored yet, or once `Replace` was pressed.
  const [replacing, setReplacing] = useState(false);
  const saved = Boolean(user?.apikey) && !replacing;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || !user) return;
    const apikey = token.trim();
    if (apikey === '') {
      dialog.show(EMPTY_TOKEN_MESSAGE, 'error');
      return;
    }
    setSaving(true);
    try {
      const answer = await updateApiKey(api, apikey);
      dispatch({ type: 'SET_USER', user: { ...user, apikey } });
      setToken('');
      setReplacing(false);
      dialog.show(answer?.message || TOKEN_SAVED_MESSAGE, 'success');
    } catch (error) {
      if (!isSessionEnded(error)) dialog.show(errorMessage(error), 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="page" aria-labelledby="profile-heading">
      <div className="page__header">
        <h1 id="profile-heading" className="page__title">
          User profile
        </h1>
      </div>
      <div className="panel">
        <dl className="details">
          <dt>Email</dt>
          <dd>{user?.email}</dd>
        </dl>
      </div>
      <form className="form-panel" onSubmit={onSubmit} noValidate>
        <h2 id="token-heading" className="section-title">
          Jira API token
        </h2>
        <p className="form-panel__status">
          Handoff reads your Jira projects and stories with this token. Create one on Atlassian's API tokens
          page (
          <a href={ATLASSIAN_TOKENS_URL} target="_blank" rel="noopener noreferrer">
            id.atlassian.com
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          ) and paste it here; it is checked with Jira before it is saved.
        </p>
        {saved ? (
          <div className="form-panel__actions">
            <Badge tone="success">Token saved</Badge>
            <Button variant="outline" onClick={() => setReplacing(true)}>
              Replace
            </Button>
          </div>
        ) : (
          <>
            <PasswordField
              label="Jira API token"
              name="apikey"
              autoComplete="off"
              autoFocus={replacing}
              value={token}
              onChange={(e) => setToken(e.target.value)}
            />
            <div className="form-panel__actions">
              <BusyButton type="submit" busy={saving} busyLabel="Loading...">
                Save token
              </BusyButton>
              {replacing ? (
                <Button
                  variant="ghost"
                  onClick={() => {
                    setReplacing(false);
                    setToken('');
                  }}
                >
                  Cancel
                </Button>
              ) : null}
            </div>
          </>
        )}
      </form>
      {user ? <SiteCredentials userId={user.id} email={user.email} dialog={dialog} /> : null}
      <ResultDialog control={dialog} />
    </section>
  );
}

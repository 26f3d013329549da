// The profile's credentials per tracker site (main README, "Jira sites"): for each site the workspace added,
// the token its kind takes (packages/core's registry: Jira Cloud an e-mail and API token, the others a token). The
// server checks each with the site before it saves it, encrypted. The site `default` uses the API token above.
import type { ListedSite } from '@handoff/core/api';
import { TRACKER_KINDS } from '@handoff/core/tracker-kinds';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { listSites, setSiteCredential } from '@/api/sites';
import { BusyButton } from '@/components/ui/busy-button';
import { PasswordField, TextField } from '@/components/ui/form-field';
import type { useResultDialog } from '@/components/ui/result-dialog';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { useServices } from '@/lib/services';

interface Props {
  userId: string;
  email: string;
  dialog: ReturnType<typeof useResultDialog>;
}

export function SiteCredentials({ userId, email, dialog }: Props) {
  const { api } = useServices();
  const [sites, setSites] = useState<ListedSite[]>([]);

  const load = useCallback(async () => {
    try {
      setSites((await listSites(api, userId)).filter((site) => site.id !== 'default'));
    } catch (error) {
      if (!isSessionEnded(error)) dialog.show(errorMessage(error), 'error');
    }
  }, [api, userId, dialog.show]);

  useEffect(() => {
    void load();
  }, [load]);

  return (
    <>
      {sites.map((site) => (
        <SiteCredentialForm
          key={site.id}
          site={site}
          userId={userId}
          email={email}
          dialog={dialog}
          onSaved={load}
        />
      ))}
    </>
  );
}

function SiteCredentialForm({
  site,
  userId,
  email,
  dialog,
  onSaved,
}: Props & { site: ListedSite; onSaved: () => void }) {
  const { api } = useServices();
  const [account, setAccount] = useState(email);
  const [token, setToken] = useState('');
  const [saving, setSaving] = useState(false);
  const { label, credential } = TRACKER_KINDS[site.kind];
  const cloud = credential.needsEmail;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      const answer = await setSiteCredential(api, {
        userId,
        siteId: site.id,
        token: token.trim(),
        ...(cloud ? { email: account.trim() } : {}),
      });
      setToken('');
      dialog.show(answer.message, 'success');
      onSaved();
    } catch (error) {
      if (!isSessionEnded(error)) dialog.show(errorMessage(error), 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="form-panel" onSubmit={onSubmit} noValidate aria-label={`Credential for ${site.name}`}>
      <h2 className="section-title">
        {site.name} ({label})
      </h2>
      <p className="form-panel__status">
        {site.baseUrl}.{' '}
        {site.hasCredential ? 'Your credential is set.' : 'You have no credential for this site yet.'}{' '}
        {credential.howToGet}
      </p>
      {cloud ? (
        <TextField
          label="E-mail"
          name="email"
          type="email"
          value={account}
          onChange={(e) => setAccount(e.target.value)}
        />
      ) : null}
      <PasswordField
        label={credential.tokenLabel}
        name="token"
        autoComplete="off"
        value={token}
        onChange={(e) => setToken(e.target.value)}
      />
      <div className="form-panel__actions">
        <BusyButton type="submit" busy={saving} busyLabel="Loading...">
          Save credential
        </BusyButton>
      </div>
    </form>
  );
}

// One card of the profile's tracker tokens: the site it is for (its name, its tracker and its address), then
// `Token saved` with `Replace` once the member has one, or the form to give it (the token, and for Jira Cloud
// the Atlassian account's e-mail). The server checks a token with the site before it saves it; a refusal
// shows its message in the result dialog and keeps what was typed.
import { type FormEvent, type ReactNode, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { BreakableText } from '@/components/ui/breakable-text';
import { BusyButton } from '@/components/ui/busy-button';
import { Button } from '@/components/ui/button';
import { PasswordField, TextField } from '@/components/ui/form-field';
import type { useResultDialog } from '@/components/ui/result-dialog';
import { errorMessage, isSessionEnded } from '@/lib/errors';

export interface CredentialCardProps {
  /** The element id the Sites screen's "Add it" links to (`site-{id}`). */
  anchor: string;
  /** The site's name as people read it ("Default site", "Bank"). */
  title: string;
  /** The site's tracker ("Jira Cloud"), once known. */
  trackerLabel: string | null;
  /** The site's address; '' for the built-in demo tracker. */
  baseUrl: string | null;
  saved: boolean;
  /** The token field's label. */
  tokenLabel: string;
  /** How to get a token, under the field. */
  hint?: ReactNode;
  /** Also asks for the account's e-mail (Jira Cloud), starting as this one. */
  email?: string;
  dialog: ReturnType<typeof useResultDialog>;
  /** Saves the token (and e-mail); resolves the server's message. */
  onSave: (token: string, email: string | undefined) => Promise<string>;
}

export function CredentialCard({
  anchor,
  title,
  trackerLabel,
  baseUrl,
  saved,
  tokenLabel,
  hint,
  email,
  dialog,
  onSave,
}: CredentialCardProps) {
  const [account, setAccount] = useState(email ?? '');
  const [token, setToken] = useState('');
  const [saving, setSaving] = useState(false);
  // The form shows when no token is stored yet, or once `Replace` was pressed.
  const [replacing, setReplacing] = useState(false);
  const headingId = `${anchor}-heading`;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    if (token.trim() === '') {
      dialog.show(`Please enter your ${tokenLabel}.`, 'error');
      return;
    }
    setSaving(true);
    try {
      const message = await onSave(token.trim(), email === undefined ? undefined : account.trim());
      setToken('');
      setReplacing(false);
      dialog.show(message, 'success');
    } catch (error) {
      if (!isSessionEnded(error)) dialog.show(errorMessage(error), 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      id={anchor}
      className="form-panel credential"
      onSubmit={onSubmit}
      noValidate
      aria-label={`Credential for ${title}`}
    >
      <div className="credential__site">
        <h3 id={headingId} className="credential__title">
          {title}
        </h3>
        {trackerLabel ? <Badge>{trackerLabel}</Badge> : null}
        {baseUrl !== null ? (
          <p className="credential__address">
            {baseUrl ? <BreakableText text={baseUrl} /> : 'Built into Handoff'}
          </p>
        ) : null}
      </div>
      {saved && !replacing ? (
        <div className="credential__saved">
          <span className="credential__label">{tokenLabel}</span>
          <Badge tone="success">Token saved</Badge>
          <Button variant="outline" onClick={() => setReplacing(true)}>
            Replace <span className="visually-hidden">the token for {title}</span>
          </Button>
        </div>
      ) : (
        <>
          {email === undefined ? null : (
            <TextField
              label="E-mail"
              name="email"
              type="email"
              hint="The e-mail of the account the token belongs to."
              value={account}
              onChange={(e) => setAccount(e.target.value)}
            />
          )}
          <PasswordField
            label={tokenLabel}
            name="token"
            autoComplete="off"
            autoFocus={replacing}
            hint={hint}
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
  );
}

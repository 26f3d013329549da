// The Team screen's "Workspace" panel: the workspace's name and logo, which its clients see at the top of
// their review page. Owners rename it and upload or remove the logo; members see both. Until it is named, the
// notice the projects list and the send screen show says here too what clients see instead.
import type { TeamAnswer } from '@handoff/core/api';
import { type FormEvent, useEffect, useState } from 'react';
import { BusyButton } from '@/components/ui/busy-button';
import { Button } from '@/components/ui/button';
import { FileDropZone } from '@/components/ui/file-drop-zone';
import { TextField } from '@/components/ui/form-field';
import { useServices } from '@/lib/services';
import { getWorkspaceLogo } from '../api/team';
import { NameWorkspaceHint } from './name-workspace-hint';

/** The server's limits, checked here first so a wrong file is refused before it is uploaded. */
const MAX_LOGO_BYTES = 200 * 1024;
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const MAX_NAME = 80;

export function WorkspaceIdentity({
  workspace,
  userId,
  isOwner,
  busy,
  onRename,
  onLogo,
  onRemoveLogo,
  onRefused,
}: {
  workspace: TeamAnswer['data']['workspace'];
  userId: string;
  isOwner: boolean;
  busy: boolean;
  onRename: (name: string) => void;
  onLogo: (file: File) => void;
  onRemoveLogo: () => void;
  /** A file refused before uploading, with the reason. */
  onRefused: (message: string) => void;
}) {
  const [name, setName] = useState(workspace.name);
  useEffect(() => setName(workspace.name), [workspace.name]);
  const logo = useLogo(userId, workspace.logoUpdatedAt);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (name.trim() === '') onRefused('Give the workspace a name.');
    else onRename(name.trim());
  };

  return (
    <section className="form-panel workspace-identity" aria-labelledby="workspace-identity-heading">
      <h2 id="workspace-identity-heading" className="section-title">
        Workspace
      </h2>
      <p className="form-panel__status">
        Your clients see this name and logo at the top of their review page.
      </p>
      {isOwner ? <NameWorkspaceHint inPage besideNameField /> : null}
      {isOwner ? (
        <form className="workspace-identity__name" onSubmit={onSubmit} noValidate>
          <TextField
            label="Workspace name"
            name="workspaceName"
            maxLength={MAX_NAME}
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          {/* Outline: the screen's one primary action is Invite. */}
          <BusyButton type="submit" busy={busy} className="button button--outline">
            Save name
          </BusyButton>
        </form>
      ) : (
        <dl className="details">
          <dt>Name</dt>
          <dd>{workspace.name}</dd>
        </dl>
      )}
      <LogoField
        logo={logo}
        workspaceName={workspace.name}
        isOwner={isOwner}
        busy={busy}
        onLogo={(file) => {
          if (!LOGO_TYPES.includes(file.type))
            return onRefused('The logo must be a PNG, JPEG or WebP image.');
          if (file.size > MAX_LOGO_BYTES)
            return onRefused('The logo is larger than 200 kB. Choose a smaller image.');
          onLogo(file);
        }}
        onRemoveLogo={onRemoveLogo}
      />
    </section>
  );
}

/** The logo (when there is one), and for owners a drop zone to choose one and a Remove button. */
function LogoField({
  logo,
  workspaceName,
  isOwner,
  busy,
  onLogo,
  onRemoveLogo,
}: {
  logo: string | null;
  workspaceName: string;
  isOwner: boolean;
  busy: boolean;
  onLogo: (file: File) => void;
  onRemoveLogo: () => void;
}) {
  return (
    <div className="workspace-identity__logo">
      {logo ? (
        <img className="workspace-identity__image" src={logo} alt={`Logo of ${workspaceName}`} />
      ) : (
        <p className="workspace-identity__none">{isOwner ? 'No logo yet.' : 'This workspace has no logo.'}</p>
      )}
      {isOwner ? (
        <div className="field">
          <FileDropZone
            label={logo ? 'Replace the logo' : 'Logo'}
            hint="PNG, JPEG or WebP, at most 200 kB."
            accept={LOGO_TYPES.join(',')}
            disabled={busy}
            onFiles={([file]) => {
              if (file) onLogo(file);
            }}
          />
        </div>
      ) : null}
      {isOwner && logo ? (
        <Button variant="outline" disabled={busy} onClick={onRemoveLogo}>
          Remove the logo
        </Button>
      ) : null}
    </div>
  );
}

/** The workspace's logo as a data: URL, read again whenever it changed; null while none (or loading). */
function useLogo(userId: string, logoUpdatedAt: string | null): string | null {
  const services = useServices();
  const [logo, setLogo] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    if (!logoUpdatedAt) {
      setLogo(null);
      return;
    }
    getWorkspaceLogo(services, userId)
      .then((url) => {
        if (active) setLogo(url);
      })
      .catch(() => {
        if (active) setLogo(null);
      });
    return () => {
      active = false;
    };
  }, [services, userId, logoUpdatedAt]);
  return logo;
}

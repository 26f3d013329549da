// The Team screen's "Workspace" panel: the workspace's name and logo, which its clients see at the top of
// their review page. Owners rename it and upload or remove the logo; members see both. Until it is named, the
// panel's lead says which company clients see instead (the notice the projects list and the send screen show,
// in the words of a panel whose name field is right there).
import type { TeamAnswer } from '@handoff/core/api';
import { type FormEvent, useEffect, useState } from 'react';
import { BusyButton } from '@/components/ui/busy-button';
import { Button } from '@/components/ui/button';
import { FileDropZone } from '@/components/ui/file-drop-zone';
import { TextField } from '@/components/ui/form-field';
import { useServices } from '@/lib/services';
import { useAppState } from '@/stores/app-store';
import { getWorkspaceLogo } from '../api/team';
import { WorkspaceMark } from './invitation-lead';
import { domainShownForUnnamed } from './name-workspace-hint';

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
  const { user } = useAppState();
  const shownAs = isOwner && user ? domainShownForUnnamed(workspace.name, user.email) : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (name.trim() === '') onRefused('Give the workspace a name.');
    else onRename(name.trim());
  };

  return (
    <section className="form-panel" aria-labelledby="workspace-identity-heading">
      <h2 id="workspace-identity-heading" className="section-title">
        Workspace
      </h2>
      <p className="form-panel__status">
        {shownAs ? (
          <>
            Your clients see this name and logo at the top of their review page. Until you save a name here,
            they see your company as <strong>{shownAs}</strong>.
          </>
        ) : (
          'Your clients see this name and logo at the top of their review page.'
        )}
      </p>
      {isOwner ? (
        <form className="inline-form" onSubmit={onSubmit} noValidate>
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

/**
 * The logo as clients see it (without one, the workspace's initial stands in on their page too), with what it
 * is under it; for owners beside it a drop zone to choose one, and Remove once there is one.
 */
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
    <div className="logo-field">
      <figure className="logo-field__preview">
        {logo ? (
          <img className="logo-field__image" src={logo} alt={`Logo of ${workspaceName}`} />
        ) : (
          <WorkspaceMark name={workspaceName} />
        )}
        <figcaption className="logo-field__caption">
          {logo ? 'Current logo' : isOwner ? 'No logo yet' : 'This workspace has no logo.'}
        </figcaption>
      </figure>
      {isOwner ? (
        <div className="logo-field__control">
          <FileDropZone
            label={logo ? 'Replace the logo' : 'Logo'}
            hint="PNG, JPEG or WebP, at most 200 kB."
            accept={LOGO_TYPES.join(',')}
            disabled={busy}
            onFiles={([file]) => {
              if (file) onLogo(file);
            }}
          />
          {logo ? (
            <Button variant="outline" size="small" disabled={busy} onClick={onRemoveLogo}>
              Remove the logo
            </Button>
          ) : null}
        </div>
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

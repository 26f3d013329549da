// The Team screen's "Workspace" panel: the workspace's name and logo, which its clients see at the top of
// their review page. Owners rename it and upload or remove the logo; members see both. Until an owner names
// it, the name field is empty (its default name is not what clients see) and the panel's lead says which
// company clients see instead: the sender's e-mail domain. The logo is one compact row: the logo as clients
// see it (or the initial standing in), what it may be, and Upload / Remove.
import type { TeamAnswer } from '@handoff/core/api';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { BusyButton } from '@/components/ui/busy-button';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { useServices } from '@/lib/services';
import { useAppState } from '@/stores/app-store';
import { getWorkspaceLogo } from '../api/team';
import { WorkspaceMark } from './invitation-lead';
import { domainShownForUnnamed } from './workspace-renamed';

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
  // Never named: the field starts empty, as the lead says clients see the domain, not the default name.
  const savedName = workspace.named ? workspace.name : '';
  const [name, setName] = useState(savedName);
  useEffect(() => setName(savedName), [savedName]);
  const logo = useLogo(userId, workspace.logoUpdatedAt);
  const { user } = useAppState();
  const shownAs = isOwner && user ? domainShownForUnnamed(workspace, user.email) : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (name.trim() === '') onRefused('Give the workspace a name.');
    else onRename(name.trim());
  };

  return (
    <section className="page__section" aria-labelledby="workspace-identity-heading">
      <h2 id="workspace-identity-heading" className="section-title">
        Workspace
      </h2>
      <div className="form-panel">
        <p className="form-panel__status">
          {shownAs ? (
            <>
              Your clients see this name and logo at the top of their review page. Until you name the
              workspace, they see <strong>{shownAs}</strong>.
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
              placeholder={shownAs ? 'e.g. Acme Studio' : undefined}
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
      </div>
    </section>
  );
}

/**
 * The logo as clients see it (without one, the workspace's initial stands in on their page too), what it is
 * beside it, and for owners `Upload logo` (a real file input, drawn as a button of `Save name`'s size) and
 * `Remove`.
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
  const id = useId();
  return (
    <div className="logo-field">
      <span className="logo-field__preview">
        {logo ? (
          <img className="logo-field__image" src={logo} alt={`Logo of ${workspaceName}`} />
        ) : (
          <WorkspaceMark name={workspaceName} />
        )}
      </span>
      <div className="logo-field__text">
        <span className="logo-field__title" id={`${id}-title`}>
          Logo
        </span>
        <span className="logo-field__caption" id={`${id}-caption`}>
          {logo
            ? 'Shown to your clients.'
            : isOwner
              ? 'No logo yet: clients see the initial.'
              : 'This workspace has no logo.'}
          {isOwner ? ' PNG, JPEG or WebP, at most 200\u00a0kB.' : null}
        </span>
      </div>
      {isOwner ? (
        <div className="logo-field__actions">
          <label className={`button button--outline logo-field__upload${busy ? ' is-disabled' : ''}`}>
            <input
              type="file"
              className="visually-hidden"
              accept={LOGO_TYPES.join(',')}
              disabled={busy}
              aria-labelledby={`${id}-title`}
              aria-describedby={`${id}-caption`}
              onChange={(event) => {
                const [file] = Array.from(event.currentTarget.files ?? []);
                // Emptied, so choosing the same file again (after removing it) is seen as a change.
                event.currentTarget.value = '';
                if (file) onLogo(file);
              }}
            />
            <span aria-hidden="true">{logo ? 'Replace' : 'Upload logo'}</span>
          </label>
          {logo ? (
            <Button variant="outline" disabled={busy} onClick={onRemoveLogo}>
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

// /admin/team: the current workspace's members with their roles and its open invitations. Owners invite by
// e-mail (a text box labelled "Email", a button "Invite"), make members owners (and back) and remove them;
// anyone but the last owner can leave. Owners name the workspace and give it a logo (its clients see both).
// The server refuses what the caller's role does not allow, and keeps the last owner.
import type { TeamAnswer, TeamMember } from '@handoff/core/api';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BusyButton } from '@/components/ui/busy-button';
import { TextField } from '@/components/ui/form-field';
import { ProgressBar } from '@/components/ui/progress-bar';
import { ResultDialog, useResultDialog } from '@/components/ui/result-dialog';
import { paths } from '@/config/paths';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { useServices } from '@/lib/services';
import { useAppState } from '@/stores/app-store';
import { useWorkspaceSwitch } from '@/stores/workspace-switch';
import {
  getTeam,
  inviteMember,
  removeMember,
  removeWorkspaceLogo,
  renameWorkspace,
  revokeInvitation,
  setMemberRole,
  setWorkspaceLogo,
} from '../api/team';
import { MembersTable, OpenInvites } from './members-table';
import { WorkspaceIdentity } from './workspace-identity';
import { workspaceRenamed } from './workspace-renamed';
import './team.css';

export function Team() {
  const { api } = useServices();
  const { user } = useAppState();
  const { changed } = useWorkspaceSwitch();
  const navigate = useNavigate();
  const dialog = useResultDialog();
  const [team, setTeam] = useState<TeamAnswer['data'] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const userId = user?.id;

  const load = useCallback(async () => {
    if (!userId) return;
    try {
      setTeam(await getTeam(api, userId));
      setFailure(null);
    } catch (error) {
      if (!isSessionEnded(error)) setFailure(errorMessage(error));
    }
  }, [api, userId]);

  useEffect(() => {
    void load();
  }, [load]);

  /** Runs one change, shows the server's answer, and reloads the list. */
  const run = async (change: () => Promise<{ message: string }>, after?: () => void) => {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await change();
      dialog.show(answer.message, 'success');
      if (after) after();
      else await load();
    } catch (error) {
      if (!isSessionEnded(error)) dialog.show(errorMessage(error), 'error');
    } finally {
      setBusy(false);
    }
  };

  const onInvite = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!userId) return;
    const address = email.trim();
    void run(async () => {
      const answer = await inviteMember(api, userId, address);
      setEmail('');
      return answer;
    });
  };

  const onRemove = (member: TeamMember) => {
    if (!userId) return;
    const leaving = member.userId === userId;
    void run(
      () => removeMember(api, userId, member.userId),
      leaving
        ? () => {
            navigate(paths.admin.index);
            changed();
          }
        : undefined,
    );
  };

  const onToggleRole = (member: TeamMember) => {
    if (!userId) return;
    void run(() => setMemberRole(api, userId, member.userId, member.role === 'owner' ? 'member' : 'owner'));
  };

  const isOwner = team?.role === 'owner';
  /** After a rename: the list again, and the top bar's Workspace select shows the new name. */
  const renamed = () => {
    workspaceRenamed();
    void load();
  };

  return (
    <section className="page" aria-labelledby="team-heading">
      <div className="page__header">
        <h1 id="team-heading" className="page__title">
          Team
        </h1>
        <Link to={paths.admin.sites}>Jira sites</Link>
      </div>
      {!team && !failure ? <ProgressBar label="Loading the team" /> : null}
      {failure ? (
        <div className="panel">
          <p>{failure}</p>
        </div>
      ) : null}
      {team ? (
        <>
          <WorkspaceIdentity
            workspace={team.workspace}
            userId={userId ?? ''}
            isOwner={isOwner}
            busy={busy}
            onRename={(name) => {
              if (userId) void run(() => renameWorkspace(api, userId, name), renamed);
            }}
            onLogo={(file) => {
              if (userId) void run(() => setWorkspaceLogo(api, userId, file));
            }}
            onRemoveLogo={() => {
              if (userId) void run(() => removeWorkspaceLogo(api, userId));
            }}
            onRefused={(message) => dialog.show(message, 'error')}
          />
          <div className="panel">
            <dl className="details">
              <dt>Your role</dt>
              <dd>{team.role}</dd>
            </dl>
          </div>
          {isOwner ? (
            <form className="form-panel" onSubmit={onInvite} noValidate>
              <h2 className="section-title">Invite a colleague</h2>
              <p className="form-panel__status">
                They get an e-mail with a link to join, valid for 7 days. Members can fetch, send and switch
                auto-send; owners also add, change and delete projects and manage the team.
              </p>
              <TextField
                label="Email"
                name="email"
                type="email"
                autoComplete="off"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
              <div className="form-panel__actions">
                <BusyButton type="submit" busy={busy}>
                  Invite
                </BusyButton>
              </div>
            </form>
          ) : null}
          <MembersTable
            members={team.members}
            userId={userId}
            isOwner={isOwner}
            busy={busy}
            onToggleRole={onToggleRole}
            onRemove={onRemove}
          />
          <OpenInvites
            invites={team.invites}
            isOwner={isOwner}
            busy={busy}
            onRevoke={(invite) => {
              if (userId) void run(() => revokeInvitation(api, userId, invite.id));
            }}
          />
        </>
      ) : null}
      <ResultDialog control={dialog} />
    </section>
  );
}

// /admin/team: the current workspace's members with their roles and its open invitations. Owners invite by
// e-mail (a text box labelled "Email", a button "Invite"), make members owners (and back) and remove them;
// anyone but the last owner can leave. Owners name the workspace and give it a logo (its clients see both).
// The server refuses what the caller's role does not allow, and keeps the last owner.
import type { TeamAnswer, TeamMember } from '@handoff/core/api';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
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
import { InviteForm } from './invite-form';
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

  /** Runs one change, shows the server's answer, and reloads the list; true when it went through. */
  const run = async (change: () => Promise<{ message: string }>, after?: () => void) => {
    if (busy) return false;
    setBusy(true);
    try {
      const answer = await change();
      dialog.show(answer.message, 'success');
      if (after) after();
      else await load();
      return true;
    } catch (error) {
      if (!isSessionEnded(error)) dialog.show(errorMessage(error), 'error');
      return false;
    } finally {
      setBusy(false);
    }
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
  /** The invitation whose Revoke was pressed, asked about before it is revoked. */
  const [toRevoke, setToRevoke] = useState<TeamAnswer['data']['invites'][number] | null>(null);
  const confirmRevoke = () => {
    const invite = toRevoke;
    setToRevoke(null);
    if (userId && invite) void run(() => revokeInvitation(api, userId, invite.id));
  };
  /** After a rename: the list again, and the top bar's Workspace select shows the new name. */
  const renamed = () => {
    workspaceRenamed();
    void load();
  };

  return (
    <section className="page page--narrow team" aria-labelledby="team-heading">
      <div className="page__lead">
        <h1 id="team-heading" className="page__title">
          Team
        </h1>
        <p className="page__intro">
          {team
            ? `You are ${team.role === 'owner' ? 'an owner' : 'a member'} of this workspace.`
            : 'The workspace you work in, and who is in it.'}
        </p>
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
          {isOwner ? (
            <InviteForm
              busy={busy}
              onInvite={(address) =>
                userId ? run(() => inviteMember(api, userId, address)) : Promise.resolve(false)
              }
            />
          ) : null}
          <MembersTable
            members={team.members}
            userId={userId}
            isOwner={isOwner}
            busy={busy}
            onToggleRole={onToggleRole}
            onRemove={onRemove}
          />
          <OpenInvites invites={team.invites} isOwner={isOwner} busy={busy} onRevoke={setToRevoke} />
        </>
      ) : null}
      <ConfirmDialog
        open={toRevoke !== null}
        message={`Revoke the invitation for ${toRevoke?.email ?? ''}?`}
        confirmLabel="Revoke"
        cancelLabel="Cancel"
        onConfirm={confirmRevoke}
        onCancel={() => setToRevoke(null)}
      />
      <ResultDialog control={dialog} />
    </section>
  );
}

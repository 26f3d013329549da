// /admin/join?token=…: accepts the invitation as the signed-in user, once, makes its workspace current and
// goes on to its projects. A refusal (another account's link, used, expired) leads with what the invitation
// is, as the signed-out invitation page does (the workspace's mark and name, who invited which address), then
// the server's message and the way on: for another account's link, `Sign out and continue as {address}`.
import type { InvitationAnswer, JoinWorkspaceAnswer } from '@handoff/core/api';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths } from '@/config/paths';
import { type ApiClient, ApiError } from '@/lib/api-client';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { useServices } from '@/lib/services';
import { useAppState } from '@/stores/app-store';
import { useWorkspaceSwitch } from '@/stores/workspace-switch';
import { getInvitation, joinWorkspace } from '../api/team';
import { Address, InvitedBy, WithAddresses, WorkspaceMark } from './invitation-lead';

/**
 * A link is used once: the page may be mounted again while the shell settles, so every mount for the same
 * user and token shares the one call.
 */
const joins = new Map<string, Promise<JoinWorkspaceAnswer>>();
function joinOnce(api: ApiClient, userId: string, token: string): Promise<JoinWorkspaceAnswer> {
  const key = `${userId} ${token}`;
  let join = joins.get(key);
  if (!join) {
    join = joinWorkspace(api, userId, token);
    joins.set(key, join);
  }
  return join;
}

/**
 * `onSwitchAccount`: signs out and opens the invitation link again, for a link of another address than the
 * signed-in one.
 */
export function JoinWorkspace({ token, onSwitchAccount }: { token: string; onSwitchAccount: () => void }) {
  const { api } = useServices();
  const { user } = useAppState();
  const { changed } = useWorkspaceSwitch();
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string | null>(null);
  // What the refused invitation is, when the server still knows it (null: not read, or unknown).
  const [invitation, setInvitation] = useState<InvitationAnswer['data'] | null>(null);
  // The invited address, when the link is another account's.
  const [invitedEmail, setInvitedEmail] = useState<string | null>(null);
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return;
    joinOnce(api, userId, token)
      // Leave this page before the shell mounts the next one afresh, or the new one would join again.
      .then(() => navigate(paths.admin.index, { replace: true }))
      .then(changed)
      .catch(async (error: unknown) => {
        if (isSessionEnded(error)) return;
        const read = await getInvitation(api, token).catch(() => null);
        if (read?.state !== 'unknown' && read?.workspaceName) setInvitation(read);
        const othersLink = error instanceof ApiError && error.status === 403;
        if (othersLink && read?.state === 'open' && read.email) setInvitedEmail(read.email);
        setRefusal(errorMessage(error));
      });
  }, [api, userId, token, changed, navigate]);

  const workspace = invitation?.workspaceName;
  return (
    <section className="page" aria-labelledby="join-heading">
      <div className="page__header">
        <h1 id="join-heading" className="page__title">
          {workspace ? `Join ${workspace}` : 'Join a workspace'}
        </h1>
      </div>
      {refusal === null ? <ProgressBar label="Joining the workspace" /> : null}
      {refusal ? (
        <div className="panel join-card">
          {workspace && invitation?.email ? (
            <div className="join-card__who">
              <WorkspaceMark name={workspace} />
              <p className="join-card__lead">
                <InvitedBy inviter={invitation.inviterEmail} email={invitation.email} />
              </p>
            </div>
          ) : null}
          <div className="join-card__refusal" role="alert">
            <p>
              <WithAddresses text={refusal} />
            </p>
            {invitedEmail && user ? (
              <p className="join-card__lead">
                You are signed in as <Address email={user.email} />.
              </p>
            ) : null}
          </div>
          <div className="join-card__actions">
            {invitedEmail ? (
              <Button variant="primary" onClick={onSwitchAccount}>
                Sign out and continue as <Address email={invitedEmail} />
              </Button>
            ) : null}
            <Link to={paths.admin.index}>Go to the projects</Link>
          </div>
        </div>
      ) : null}
    </section>
  );
}

// /admin/join?token=…: accepts the invitation as the signed-in user, once, makes its workspace current and
// goes on to its projects. A refusal (another account's link, used, expired) leads with what the invitation
// is, as the signed-out invitation page does (the workspace's mark and name, who invited which address), then
// the server's message and the way on. For another account's link an amber warning says who is signed in
// and "To accept it, sign out and continue as {address}." (the address in bold); the primary button does
// that ("Sign out and continue", named with the address in full) and a secondary one stays ("Stay signed in
// as {name}").
import type { InvitationAnswer, JoinWorkspaceAnswer } from '@handoff/core/api';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { WarningTriangleIcon } from '@/components/ui/icons';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths } from '@/config/paths';
import { type ApiClient, ApiError } from '@/lib/api-client';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { useServices } from '@/lib/services';
import { useAppState } from '@/stores/app-store';
import { useWorkspaceSwitch } from '@/stores/workspace-switch';
import { getInvitation, joinWorkspace } from '../api/team';
import { Address, InvitationFor, InvitedBy, WithAddresses, WorkspaceMark } from './invitation-lead';

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
              <div className="join-card__invitation">
                <p className="join-card__lead">
                  <InvitedBy inviter={invitation.inviterEmail} inviterName={invitation.inviterName} />
                </p>
                <InvitationFor email={invitation.email} />
              </div>
            </div>
          ) : null}
          {invitedEmail && user ? (
            <div className="callout callout--warning join-card__warning" role="alert">
              <WarningTriangleIcon className="join-card__warning-icon" aria-hidden="true" />
              <div className="join-card__warning-text">
                <p>
                  You are signed in as{' '}
                  <strong>
                    <Address email={user.email} />
                  </strong>
                  , not with the invited address.
                </p>
                <p>
                  To accept it, sign out and continue as{' '}
                  <strong>
                    <Address email={invitedEmail} />
                  </strong>
                  .
                </p>
              </div>
            </div>
          ) : (
            <div className="join-card__refusal" role="alert">
              <p>
                <WithAddresses text={refusal} />
              </p>
            </div>
          )}
          <div className="join-card__actions">
            {invitedEmail ? (
              <Button
                variant="primary"
                aria-label={`Sign out and continue as ${invitedEmail}`}
                onClick={onSwitchAccount}
              >
                Sign out and continue
              </Button>
            ) : null}
            {invitedEmail && user ? (
              <ButtonLink variant="outline" to={paths.admin.index}>
                Stay signed in as {user.name || user.email}
              </ButtonLink>
            ) : (
              <Link to={paths.admin.index}>Go to the projects</Link>
            )}
          </div>
        </div>
      ) : null}
    </section>
  );
}

// /admin/join?token=…: accepts the invitation as the signed-in user, once, makes its workspace current and
// goes on to its projects. A refusal (another account's link, used, expired) shows the server's message.
import type { JoinWorkspaceAnswer } from '@handoff/core/api';
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
        setRefusal(errorMessage(error));
        if (!(error instanceof ApiError && error.status === 403)) return;
        const invitation = await getInvitation(api, token).catch(() => null);
        if (invitation?.state === 'open' && invitation.email) setInvitedEmail(invitation.email);
      });
  }, [api, userId, token, changed, navigate]);

  return (
    <section className="page" aria-labelledby="join-heading">
      <div className="page__header">
        <h1 id="join-heading" className="page__title">
          Join a workspace
        </h1>
      </div>
      {refusal === null ? <ProgressBar label="Joining the workspace" /> : null}
      {refusal ? (
        <div className="panel" role="alert">
          <p>{refusal}</p>
          <div className="form-panel__actions">
            {invitedEmail ? (
              <Button variant="primary" onClick={onSwitchAccount}>
                Sign out and continue as {invitedEmail}
              </Button>
            ) : null}
            <Link to={paths.admin.index}>Go to the projects</Link>
          </div>
        </div>
      ) : null}
    </section>
  );
}

// /admin/join?token=…: accepts the invitation as the signed-in user, once, makes its workspace current and
// goes on to its projects. A refusal (another account's link, used, expired) shows the server's message.
import type { JoinWorkspaceAnswer } from '@handoff/core/api';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths } from '@/config/paths';
import type { ApiClient } from '@/lib/api-client';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { useServices } from '@/lib/services';
import { useAppState } from '@/stores/app-store';
import { useWorkspaceSwitch } from '@/stores/workspace-switch';
import { joinWorkspace } from '../api/team';

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

export function JoinWorkspace({ token }: { token: string }) {
  const { api } = useServices();
  const { user } = useAppState();
  const { changed } = useWorkspaceSwitch();
  const navigate = useNavigate();
  const [refusal, setRefusal] = useState<string | null>(null);
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return;
    joinOnce(api, userId, token)
      // Leave this page before the shell mounts the next one afresh, or the new one would join again.
      .then(() => navigate(paths.admin.index, { replace: true }))
      .then(changed)
      .catch((error: unknown) => {
        if (!isSessionEnded(error)) setRefusal(errorMessage(error));
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
          <p>
            <Link to={paths.admin.index}>Go to the projects</Link>
          </p>
        </div>
      ) : null}
    </section>
  );
}

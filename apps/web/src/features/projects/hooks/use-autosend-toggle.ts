// The auto-send switch of the project list (docs/product.md §4): flip autosend, update the list at once, and send
// the full project (CC as "clinetCC"). If the server refuses (e.g. Jira refused the token), the switch goes
// back and the message is alerted. Only the latest click of a row counts when answers cross.
import type { Project } from '@handoff/core/api';
import { useCallback, useRef } from 'react';
import { fullProjectUpdate, updateProject } from '@/api/projects';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { useServices } from '@/lib/services';
import { useAppDispatch } from '@/stores/app-store';

export function useAutosendToggle(userId: string | undefined) {
  const { api } = useServices();
  const dispatch = useAppDispatch();
  /** The latest toggle request per project key: answers to older ones are ignored. */
  const toggles = useRef(new Map<string, number>());

  // Stable while the user is, so that the memoised rows are not rendered again for a new function.
  return useCallback(
    (project: Project, autosend: boolean) => {
      if (!userId) return;
      const key = project.projectKey;
      const ticket = (toggles.current.get(key) ?? 0) + 1;
      toggles.current.set(key, ticket);
      const isLatest = () => toggles.current.get(key) === ticket;
      dispatch({ type: 'UPDATE_PROJECT', project: { ...project, autosend } });
      updateProject(api, userId, key, fullProjectUpdate(project, autosend), project.siteId).then(
        (answer) => {
          // The server's copy may carry a fresh auto-send status (e.g. the next run).
          if (isLatest() && answer?.data?.projectKey === key) {
            dispatch({ type: 'UPDATE_PROJECT', project: answer.data });
          }
        },
        (error: unknown) => {
          if (!isLatest()) return;
          dispatch({ type: 'UPDATE_PROJECT', project });
          if (!isSessionEnded(error)) window.alert(errorMessage(error));
        },
      );
    },
    [api, dispatch, userId],
  );
}

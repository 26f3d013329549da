// The project named by the screen's `?key=` (edit project, send stories), fetched with the user's id, and
// the loading bar / failure panel shown for it.
//
// A first load of a key (the screen opening) shows the progress bar; its failure, or a URL without a key,
// shows the error dialog and no project. `reload()` fetches the project again silently: the one shown stays
// while it runs and also when the reload fails.

import type { Project } from '@handoff/core/api';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ProgressBar } from '@/components/ui/progress-bar';
import type { ResultDialogControl } from '@/components/ui/result-dialog';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { useServices } from '@/lib/services';
import { useAppState } from '@/stores/app-store';
import { getProjectByKey } from './projects';

/** Shown when the URL names no project (not a server message). */
const NO_PROJECT_KEY_MESSAGE = 'No project was chosen. Open a project from the Projects page.';

type ProjectLoadState = 'loading' | 'loaded' | 'failed';

export function useProjectFromUrl(show: ResultDialogControl['show']) {
  const { api } = useServices();
  const { user } = useAppState();
  const userId = user?.id;
  const [searchParams] = useSearchParams();
  const projectKey = searchParams.get('key') ?? '';
  const siteId = searchParams.get('site');
  const [project, setProject] = useState<Project | null>(null);
  const [loadState, setLoadState] = useState<ProjectLoadState>('loading');
  const [version, setVersion] = useState(0);
  /** The user and key whose project has been loaded: later loads of it are silent reloads. */
  const loadedFor = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` re-runs the load (see `reload`).
  useEffect(() => {
    if (!userId) return;
    const target = `${userId}/${siteId ?? ''}/${projectKey}`;
    const firstLoad = loadedFor.current !== target;
    if (firstLoad) {
      setProject(null);
      setLoadState('loading');
    }
    if (!projectKey) {
      setLoadState('failed');
      show(NO_PROJECT_KEY_MESSAGE, 'error');
      return;
    }
    let active = true;
    getProjectByKey(api, userId, projectKey, siteId)
      .then((loaded) => {
        if (!active) return;
        loadedFor.current = target;
        setProject(loaded);
        setLoadState('loaded');
      })
      .catch((error: unknown) => {
        // A failed reload keeps the project already shown; only a first load reports the error.
        if (!active || !firstLoad) return;
        setLoadState('failed');
        if (!isSessionEnded(error)) show(errorMessage(error), 'error');
      });
    return () => {
      active = false;
    };
  }, [api, userId, projectKey, version, show]);

  const reload = () => setVersion((n) => n + 1);
  return { project, setProject, loadState, reload };
}

/** The progress bar while the project first loads, or a short panel when it could not be loaded. */
export function ProjectLoadStatus({ loadState }: { loadState: ProjectLoadState }) {
  if (loadState === 'loading') return <ProgressBar label="Loading the project" />;
  if (loadState === 'failed') {
    return (
      <div className="panel">
        <p>The project could not be loaded.</p>
      </div>
    );
  }
  return null;
}

// /admin/edit-project?key={projectKey} (SPEC §2, §5, §8): the project is fetched by key on load (a failure
// shows an error dialog); its name and key are read-only, the address lists are editable; "Update Project"
// saves them and the success dialog's Okay goes to /admin/index.
import { texts } from '@handoff/core';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { getProjectByKey, updateProject } from '@/api/projects';
import { TextField } from '@/components/ui/form-field';
import { ResultDialog, useResultDialog } from '@/components/ui/result-dialog';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { useServices } from '@/lib/services';
import { useAppDispatch, useAppState } from '@/stores/app-store';
import type { Project } from '@/types/api';
import { RecipientFields } from './recipient-fields';
import './projects.css';

/** Shown when the URL names no project (not a server message). */
export const NO_PROJECT_KEY_MESSAGE = 'No project was chosen. Open a project from the Projects page.';

export function EditProject() {
  const { api } = useServices();
  const { user } = useAppState();
  const dispatch = useAppDispatch();
  const [searchParams] = useSearchParams();
  const projectKey = searchParams.get('key') ?? '';
  const dialog = useResultDialog();
  const { show } = dialog;
  const [project, setProject] = useState<Project | null>(null);
  const [loadState, setLoadState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const [clientEmails, setClientEmails] = useState<string[]>([]);
  const [clientCC, setClientCC] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return;
    if (!projectKey) {
      setLoadState('failed');
      show(NO_PROJECT_KEY_MESSAGE, 'error');
      return;
    }
    let active = true;
    setLoadState('loading');
    getProjectByKey(api, userId, projectKey)
      .then((loaded) => {
        if (!active) return;
        setProject(loaded);
        setClientEmails(loaded.clientEmails);
        setClientCC(loaded.clientCC);
        setLoadState('loaded');
      })
      .catch((error: unknown) => {
        if (!active) return;
        setLoadState('failed');
        if (!isSessionEnded(error)) show(errorMessage(error), 'error');
      });
    return () => {
      active = false;
    };
  }, [api, userId, projectKey, show]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || !project || !userId) return;
    if (clientEmails.length === 0) {
      show(texts.editProject.noClientEmails, 'error');
      return;
    }
    setSaving(true);
    try {
      const answer = await updateProject(api, userId, project.projectKey, {
        projectKey: project.projectKey,
        projectName: project.projectName,
        clientEmails,
        clientCC,
      });
      if (answer?.data) dispatch({ type: 'UPDATE_PROJECT', project: answer.data });
      show(texts.editProject.success, 'success', paths.admin.index);
    } catch (error) {
      if (!isSessionEnded(error)) show(errorMessage(error), 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="page" aria-labelledby="edit-project-heading">
      <div className="page__header">
        <h1 id="edit-project-heading" className="page__title">
          Edit project
        </h1>
        <Link to={paths.admin.index}>Back to projects</Link>
      </div>
      {loadState === 'loading' ? (
        <div className="progress" role="progressbar" aria-label="Loading the project">
          <div className="progress__bar" />
        </div>
      ) : null}
      {loadState === 'failed' ? (
        <div className="panel">
          <p>The project could not be loaded.</p>
        </div>
      ) : null}
      {project ? (
        <form className="form-panel" onSubmit={onSubmit} noValidate>
          <TextField label="Project Name" readOnly value={project.projectName} />
          <TextField label="Project Key" readOnly value={project.projectKey} />
          <RecipientFields
            clientEmails={clientEmails}
            clientCC={clientCC}
            onClientEmailsChange={setClientEmails}
            onClientCCChange={setClientCC}
          />
          <div className="form-panel__actions">
            <button type="submit" className="button button--primary" disabled={saving} aria-busy={saving}>
              {saving ? <Spinner /> : null}
              Update Project
            </button>
          </div>
        </form>
      ) : null}
      <ResultDialog control={dialog} />
    </section>
  );
}

// /admin/edit-project?key={projectKey} (docs/product.md §2, §5, §8): the project is fetched by key on load (a failure
// shows an error dialog); its name and key are read-only, the address lists are editable; "Update Project"
// saves them with the Jira transitions a client's verdict moves an issue through, and the success dialog's Okay goes to
// /admin/index.
import { texts } from '@handoff/core';
import type { Project, ReviewSettings } from '@handoff/core/api';
import type { ClientLanguage } from '@handoff/core/client-language';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { updateProject } from '@/api/projects';
import {
  getReviewSettings,
  getReviewTransitions,
  setReviewSettings,
  setReviewTransitions,
} from '@/api/review';
import { ProjectLoadStatus, useProjectFromUrl } from '@/api/use-project-from-url';
import { BusyButton } from '@/components/ui/busy-button';
import { TextField } from '@/components/ui/form-field';
import { ResultDialog, type ResultDialogControl, useResultDialog } from '@/components/ui/result-dialog';
import { paths } from '@/config/paths';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { useServices } from '@/lib/services';
import { useAppDispatch, useAppState } from '@/stores/app-store';
import { getProjectStatuses } from '../api/project-statuses';
import { ClientLanguageSelect } from './client-language-select';
import { RecipientFields, type Recipients } from './recipient-fields';
import { ReminderSelect } from './reminder-select';
import { ReviewTransitionFields, type TransitionsLoad } from './review-transitions';
import { StatusesOffered } from './statuses-offered';
import { TestEnvironmentField } from './test-environment-field';
import './projects.css';

export function EditProject() {
  const dialog = useResultDialog();
  const { project, loadState } = useProjectFromUrl(dialog.show);

  return (
    <section className="page" aria-labelledby="edit-project-heading">
      <div className="page__header">
        <h1 id="edit-project-heading" className="page__title">
          Edit project
        </h1>
        <Link to={paths.admin.index}>Back to projects</Link>
      </div>
      <ProjectLoadStatus loadState={loadState} />
      {project ? <EditProjectForm key={project.projectKey} project={project} show={dialog.show} /> : null}
      <ResultDialog control={dialog} />
    </section>
  );
}

/** The form for the loaded project; its address lists start as the project's. */
function EditProjectForm({ project, show }: { project: Project; show: ResultDialogControl['show'] }) {
  const { api } = useServices();
  const { user } = useAppState();
  const dispatch = useAppDispatch();
  const [recipients, setRecipients] = useState<Recipients>({
    clientEmails: project.clientEmails,
    clientCC: project.clientCC,
  });
  const [saving, setSaving] = useState(false);
  const [transitions, setTransitions] = useState<TransitionsLoad>({ state: 'loading' });
  const [availableStatuses, setAvailableStatuses] = useState<string[] | null>(null);
  const [statuses, setStatuses] = useState<string[]>(project.statusesOffered ?? []);
  // The review settings as saved, and as on screen; the select shows once they are loaded.
  const [savedSettings, setSavedSettings] = useState<ReviewSettings | null>(null);
  const [reminderDays, setReminderDays] = useState<number | null>(null);
  const [testEnvironment, setTestEnvironment] = useState('');
  const [clientLanguage, setClientLanguage] = useState<ClientLanguage>('en');
  const userId = user?.id;

  useEffect(() => {
    if (!userId) return;
    let active = true;
    getReviewSettings(api, userId, project.projectKey).then(
      (value) => {
        if (!active) return;
        setSavedSettings(value);
        setReminderDays(value.reminderDays);
        setTestEnvironment(value.testEnvironment ?? '');
        setClientLanguage(value.clientLanguage);
      },
      () => {
        // Without them, nothing is shown and nothing about reminders is saved.
      },
    );
    return () => {
      active = false;
    };
  }, [api, userId, project.projectKey]);

  useEffect(() => {
    if (!userId) return;
    let active = true;
    getProjectStatuses(api, userId, project.projectKey, project.siteId).then(
      (value) => {
        if (active) setAvailableStatuses(value.available);
      },
      () => {
        // Without Jira's list, the statuses chosen before are still shown and kept.
        if (active) setAvailableStatuses([]);
      },
    );
    return () => {
      active = false;
    };
  }, [api, userId, project.projectKey, project.siteId]);

  useEffect(() => {
    if (!userId) return;
    let active = true;
    getReviewTransitions(api, userId, project.projectKey).then(
      (value) => {
        if (active) setTransitions({ state: 'loaded', value });
      },
      (error: unknown) => {
        if (active && !isSessionEnded(error))
          setTransitions({ state: 'failed', message: errorMessage(error) });
      },
    );
    return () => {
      active = false;
    };
  }, [api, userId, project.projectKey]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || !userId) return;
    if (recipients.clientEmails.length === 0) {
      show(texts.editProject.noClientEmails, 'error');
      return;
    }
    setSaving(true);
    try {
      const answer = await updateProject(
        api,
        userId,
        project.projectKey,
        {
          projectKey: project.projectKey,
          projectName: project.projectName,
          ...recipients,
          ...(sameStatuses(statuses, project.statusesOffered ?? []) ? {} : { statusesOffered: statuses }),
        },
        project.siteId,
      );
      if (answer?.data) dispatch({ type: 'UPDATE_PROJECT', project: answer.data });
      // Only once Jira's list was loaded: otherwise the choices on screen are not the saved ones.
      if (transitions.state === 'loaded') {
        const { onFailed, onPassed } = transitions.value;
        await setReviewTransitions(api, userId, project.projectKey, { onFailed, onPassed });
      }
      const settings: ReviewSettings = {
        reminderDays,
        testEnvironment: testEnvironment.trim() || null,
        clientLanguage,
      };
      if (savedSettings && !sameSettings(savedSettings, settings)) {
        await setReviewSettings(api, userId, project.projectKey, settings);
      }
      show(texts.editProject.success, 'success', paths.admin.index);
    } catch (error) {
      if (!isSessionEnded(error)) show(errorMessage(error), 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="form-panel" onSubmit={onSubmit} noValidate>
      <TextField label="Project Name" readOnly value={project.projectName} />
      <TextField label="Project Key" readOnly value={project.projectKey} />
      <RecipientFields value={recipients} onChange={setRecipients} />
      <StatusesOffered available={availableStatuses} value={statuses} onChange={setStatuses} />
      {savedSettings ? (
        <>
          <ReminderSelect value={reminderDays} onChange={setReminderDays} />
          <TestEnvironmentField value={testEnvironment} onChange={setTestEnvironment} />
          <ClientLanguageSelect value={clientLanguage} onChange={setClientLanguage} />
        </>
      ) : null}
      <ReviewTransitionFields
        load={transitions}
        onChange={(value) => setTransitions({ state: 'loaded', value })}
      />
      <div className="form-panel__actions">
        <BusyButton type="submit" busy={saving}>
          Update Project
        </BusyButton>
      </div>
    </form>
  );
}

const sameSettings = (a: ReviewSettings, b: ReviewSettings) =>
  a.reminderDays === b.reminderDays &&
  a.testEnvironment === b.testEnvironment &&
  a.clientLanguage === b.clientLanguage;

const sameStatuses = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((status, index) => status === b[index]);

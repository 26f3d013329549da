// /admin/edit-project?key={projectKey} (docs/product.md §2, §5, §8): the project is fetched by key on load (a failure
// shows an error dialog); its name and key are read-only, the address lists are editable; "Update Project"
// saves them with the tracker's transitions a client's verdict moves an issue through, and the success dialog's Okay goes to
// /admin/index. The form is in sections (docs/design-system.md "FormSection"), its buttons in a bar at the
// bottom of the window; from the first paint on, what is still loading holds its place as a skeleton.
import { texts } from '@handoff/core';
import type { Project, ReviewSettings } from '@handoff/core/api';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { updateProject } from '@/api/projects';
import { setReviewSettings, setReviewTransitions } from '@/api/review';
import { ProjectLoadStatus, useProjectFromUrl } from '@/api/use-project-from-url';
import { BusyButton } from '@/components/ui/busy-button';
import { FormActions, FormSection } from '@/components/ui/form-section';
import { ResultDialog, type ResultDialogControl, useResultDialog } from '@/components/ui/result-dialog';
import { paths } from '@/config/paths';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { useServices } from '@/lib/services';
import { useAppDispatch, useAppState } from '@/stores/app-store';
import { useProjectSettings } from '../hooks/use-project-settings';
import { useTrackerName } from '../hooks/use-tracker-name';
import { AutosendField } from './autosend-field';
import { ClientReviewFields, EmailTemplateFields } from './client-review-fields';
import { EditProjectSkeleton, ProjectFacts, SECTIONS } from './edit-project-sections';
import { GroupBySelect } from './group-by-select';
import { defaultTemplate, sameTemplate, templateProblem } from './notice-template-fields';
import { RecipientFields, type Recipients } from './recipient-fields';
import { ReviewTransitionFields } from './review-transitions';
import { StatusesOffered } from './statuses-offered';
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
      {project ? (
        <EditProjectForm key={project.projectKey} project={project} show={dialog.show} />
      ) : loadState === 'loading' ? (
        <EditProjectSkeleton />
      ) : (
        <ProjectLoadStatus loadState={loadState} />
      )}
      <ResultDialog control={dialog} />
    </section>
  );
}

/** The form for the loaded project, in sections; its address lists start as the project's. */
function EditProjectForm({ project, show }: { project: Project; show: ResultDialogControl['show'] }) {
  const { api } = useServices();
  const { user } = useAppState();
  const dispatch = useAppDispatch();
  const [recipients, setRecipients] = useState<Recipients>({
    clientEmails: project.clientEmails,
    clientCC: project.clientCC,
  });
  const [statuses, setStatuses] = useState<string[]>(project.statusesOffered ?? []);
  const [autosend, setAutosend] = useState(project.autosend);
  const [groupBy, setGroupBy] = useState(project.groupBy);
  const [saving, setSaving] = useState(false);
  const userId = user?.id;
  const settings = useProjectSettings(userId, project);
  const tracker = useTrackerName(userId, project.siteId);
  const { transitions, savedSettings, reminderDays, testEnvironment } = settings;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || !userId) return;
    if (recipients.clientEmails.length === 0) {
      show(texts.editProject.noClientEmails, 'error');
      return;
    }
    const problem = savedSettings ? templateProblem(settings.noticeTemplate) : null;
    if (problem) {
      show(problem, 'error');
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
          ...(autosend === project.autosend ? {} : { autosend }),
          ...(groupBy === project.groupBy ? {} : { groupBy }),
        },
        project.siteId,
      );
      if (answer?.data) dispatch({ type: 'UPDATE_PROJECT', project: answer.data });
      // Only once Jira's list was loaded: otherwise the choices on screen are not the saved ones.
      if (transitions.state === 'loaded') {
        const { onFailed, onPassed } = transitions.value;
        await setReviewTransitions(api, userId, project.projectKey, { onFailed, onPassed });
      }
      const { clientLanguage, noticeTemplate } = settings;
      const chosen: ReviewSettings = {
        reminderDays,
        testEnvironment: testEnvironment.trim() || null,
        clientLanguage,
        // The language's own words are kept as none, so they follow a later change of language.
        noticeTemplate: sameTemplate(noticeTemplate, defaultTemplate(clientLanguage)) ? null : noticeTemplate,
      };
      if (savedSettings && !sameSettings(savedSettings, chosen)) {
        await setReviewSettings(api, userId, project.projectKey, chosen);
      }
      show(texts.editProject.success, 'success', paths.admin.index);
    } catch (error) {
      if (!isSessionEnded(error)) show(errorMessage(error), 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="settings-form" onSubmit={onSubmit} noValidate aria-labelledby="edit-project-heading">
      <FormSection {...SECTIONS.project}>
        <ProjectFacts name={project.projectName} projectKey={project.projectKey} />
      </FormSection>
      <FormSection {...SECTIONS.recipients}>
        <RecipientFields value={recipients} onChange={setRecipients} />
      </FormSection>
      <FormSection
        {...SECTIONS.tracker}
        busy={settings.availableStatuses === null || transitions.state === 'loading'}
      >
        <div className="form-section__part">
          <StatusesOffered
            available={settings.availableStatuses}
            value={statuses}
            onChange={setStatuses}
            tracker={tracker}
          />
          <GroupBySelect value={groupBy} onChange={setGroupBy} />
        </div>
        <div className="form-section__part">
          <ReviewTransitionFields
            tracker={tracker}
            load={transitions}
            onChange={(value) => settings.setTransitions({ state: 'loaded', value })}
          />
        </div>
      </FormSection>
      <FormSection {...SECTIONS.clientReview} busy={!savedSettings && !settings.settingsError}>
        <ClientReviewFields settings={settings} />
      </FormSection>
      <FormSection {...SECTIONS.emailTemplate} busy={!savedSettings && !settings.settingsError}>
        <EmailTemplateFields settings={settings} projectName={project.projectName} />
      </FormSection>
      <FormSection {...SECTIONS.autosend}>
        <AutosendField projectKey={project.projectKey} checked={autosend} onChange={setAutosend} />
      </FormSection>
      <FormActions sticky>
        <BusyButton type="submit" busy={saving}>
          Update Project
        </BusyButton>
      </FormActions>
    </form>
  );
}

const sameSettings = (a: ReviewSettings, b: ReviewSettings) =>
  a.reminderDays === b.reminderDays &&
  a.testEnvironment === b.testEnvironment &&
  a.clientLanguage === b.clientLanguage &&
  (a.noticeTemplate === null || b.noticeTemplate === null
    ? a.noticeTemplate === b.noticeTemplate
    : sameTemplate(a.noticeTemplate, b.noticeTemplate));

const sameStatuses = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((status, index) => status === b[index]);

// /admin/add-project (docs/product.md §2, §5, §8): pick a tracker project by name (its key then shows, read-only,
// as "Project Key"), add client and CC addresses, then "Add Project" (or Cancel). The Site select shows once the
// workspace has more than one site. The tracker projects are fetched on load
// with the user's e-mail and API key; a failure shows a browser alert with the server's error. A missing
// project or client address is said right under its field, in place of its hint, and the field stays red
// (focused too) until it is fixed; on a phone a line above the card counts them.
import { texts } from '@handoff/core';
import type { ListedSite, TrackerProject } from '@handoff/core/api';
import { TRACKER_KINDS, trackerNameOf } from '@handoff/core/tracker-kinds';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { addProject } from '@/api/projects';
import { listSites } from '@/api/sites';
import { BusyButton } from '@/components/ui/busy-button';
import { FormActions } from '@/components/ui/form-section';
import { ResultDialog, useResultDialog } from '@/components/ui/result-dialog';
import { paths } from '@/config/paths';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { useServices } from '@/lib/services';
import { useAppState } from '@/stores/app-store';
import { getTrackerProjects } from '../api/get-tracker-projects';
import { NO_RECIPIENTS, RecipientFields, type Recipients } from './recipient-fields';
import { DEFAULT_REMINDER_DAYS, ReminderSelect } from './reminder-select';
import './projects.css';

/** The kind of the site `default` until the sites are read (a Jira site, or the demo tracker, also "Jira"). */
const DEFAULT_KIND = 'jira-cloud';

export function AddProject() {
  const { api } = useServices();
  const { user } = useAppState();
  const dialog = useResultDialog();
  const selectId = useId();
  const keyId = useId();
  const [sites, setSites] = useState<ListedSite[]>([]);
  const [siteId, setSiteId] = useState('default');
  const [trackerProjects, setTrackerProjects] = useState<TrackerProject[]>([]);
  const [loadingTracker, setLoadingTracker] = useState(true);
  const [projectKey, setProjectKey] = useState('');
  const [recipients, setRecipients] = useState<Recipients>(NO_RECIPIENTS);
  const [reminderDays, setReminderDays] = useState<number | null>(DEFAULT_REMINDER_DAYS);
  const [saving, setSaving] = useState(false);
  // The form's own mistakes show under their fields (the spec's texts), not in a dialog.
  const [projectError, setProjectError] = useState<string | null>(null);
  const [clientsError, setClientsError] = useState<string | null>(null);
  const site = sites.find((candidate) => candidate.id === siteId);
  const tracker = trackerNameOf(site?.kind ?? DEFAULT_KIND);

  useEffect(() => {
    if (!user) return;
    let active = true;
    listSites(api, user.id)
      .then((list) => {
        if (active) setSites(list);
      })
      .catch(() => {
        // Without the list, the select offers the site `default` alone.
      });
    return () => {
      active = false;
    };
  }, [api, user]);

  useEffect(() => {
    if (!user) return;
    let active = true;
    setLoadingTracker(true);
    setTrackerProjects([]);
    setProjectKey('');
    getTrackerProjects(api, user, siteId)
      .then((list) => {
        if (active) setTrackerProjects(list);
      })
      .catch((error: unknown) => {
        if (active && !isSessionEnded(error)) window.alert(errorMessage(error));
      })
      .finally(() => {
        if (active) setLoadingTracker(false);
      });
    return () => {
      active = false;
    };
  }, [api, user, siteId]);

  const selected = trackerProjects.find((project) => project.key === projectKey);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || !user) return;
    // The spec's "Please select a {tracker} project.", which the catalogue words for the default kind (Jira).
    const noProject = selected
      ? null
      : texts.addProject.noTrackerProject.replace(trackerNameOf(DEFAULT_KIND), tracker);
    const noClients = recipients.clientEmails.length === 0 ? texts.addProject.noClientEmails : null;
    setProjectError(noProject);
    setClientsError(noClients);
    if (!selected) {
      document.getElementById(selectId)?.focus();
      return;
    }
    if (noClients) return;
    setSaving(true);
    try {
      await addProject(api, user.id, {
        projectKey: selected.key,
        projectName: selected.name,
        ...recipients,
        ...(siteId === 'default' ? {} : { siteId }),
        ...(reminderDays === DEFAULT_REMINDER_DAYS ? {} : { reminderDays }),
      });
      dialog.show(texts.addProject.success, 'success', paths.admin.index);
    } catch (error) {
      if (!isSessionEnded(error)) dialog.show(errorMessage(error), 'error');
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="page page--narrow" aria-labelledby="add-project-heading">
      <div className="page__header">
        <h1 id="add-project-heading" className="page__title">
          Add new project
        </h1>
        <Link to={paths.admin.index}>Back to projects</Link>
      </div>
      <p className="page__intro">
        Link a {tracker} project to the client who tests it. Everything else can be set later.
      </p>
      <ErrorSummary count={[projectError, clientsError].filter(Boolean).length} />
      <form
        className="form-panel add-project"
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="add-project-heading"
      >
        <SiteSelect sites={sites} value={siteId} onChange={setSiteId} />
        <TrackerProjectSelect
          id={selectId}
          tracker={tracker}
          projects={trackerProjects}
          value={selected ? selected.key : ''}
          loading={loadingTracker}
          error={projectError}
          onChange={(key) => {
            setProjectKey(key);
            setProjectError(null);
          }}
        />
        {selected ? (
          <div className="field">
            <label className="field__label" htmlFor={keyId}>
              Project Key
            </label>
            <output id={keyId} className="field__value">
              {selected.key}
            </output>
          </div>
        ) : null}
        <RecipientFields
          value={recipients}
          onChange={(change) => {
            setRecipients(change);
            setClientsError(null);
          }}
          clientEmailsError={clientsError}
        />
        <ReminderSelect value={reminderDays} onChange={setReminderDays} />
        <FormActions>
          <BusyButton type="submit" busy={saving}>
            Add Project
          </BusyButton>
        </FormActions>
      </form>
      <ResultDialog control={dialog} />
    </section>
  );
}

/**
 * On a phone, where the fields with mistakes may be off screen, one line above the card says how many there
 * are ("2 fields need attention"); each field says its own under it. Wider screens show the fields' messages
 * alone.
 */
function ErrorSummary({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p className="form-summary">
      {count === 1 ? '1 field needs attention' : `${count} fields need attention`}
    </p>
  );
}

/** The tracker project to add, by name (`Choose a {tracker} project…` until one is chosen), and its error. */
function TrackerProjectSelect({
  id,
  tracker,
  projects,
  value,
  loading,
  error,
  onChange,
}: {
  id: string;
  tracker: string;
  projects: TrackerProject[];
  value: string;
  loading: boolean;
  error: string | null;
  onChange: (key: string) => void;
}) {
  const statusId = `${id}-status`;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        Project Name
      </label>
      <select
        id={id}
        className="field__input"
        value={value}
        aria-busy={loading}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : statusId}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">
          {loading ? `Loading your ${tracker} projects…` : `Choose a ${tracker} project…`}
        </option>
        {projects.map((project) => (
          <option key={project.key} value={project.key}>
            {project.name}
          </option>
        ))}
      </select>
      {/* The loading news for assistive technology; the eye reads it in the select itself. */}
      <p id={statusId} className="visually-hidden" role="status">
        {loading ? `Loading your ${tracker} projects...` : ''}
      </p>
      {/* Right under the select, in place of any hint, until a project is chosen. */}
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The site a new project lives on: a choice only once the workspace has more than the default one. */
function SiteSelect({
  sites,
  value,
  onChange,
}: {
  sites: ListedSite[];
  value: string;
  onChange: (siteId: string) => void;
}) {
  const id = useId();
  if (sites.length <= 1) return null;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Site
      </label>
      <select
        id={id}
        className="field__input"
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
      >
        {sites.map((site) => (
          <option key={site.id} value={site.id}>
            {site.id === 'default' ? 'Default site' : site.name} ({TRACKER_KINDS[site.kind].label})
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="field__hint">
        The tracker the project is in.
      </p>
    </div>
  );
}
